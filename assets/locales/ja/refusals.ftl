refusal-no-game = このチャンネルには対局がありません。
refusal-game-not-over = その対局はまだ終わっていません。振り返りは終局後に届きます。
refusal-no-finished-game = このチャンネルではまだ終局した対局がありません。振り返りは終局後に届きます。
refusal-not-played-here = 対局{ $game }はこのチャンネルの対局ではありません。このチャンネルの対局の番号を指定するか、`{ cmd-community-review-opt-game-name }`を省いて最新の対局を選んでください。
refusal-channel-busy = このチャンネルにはすでに対局（対局{ $game }）があります。先に中止してください。
refusal-not-allowed = { $action ->
    [start-game] 対局を開始
    [stop-game] 対局を中止
    [resume-game] 対局を再開
    [choose-starters] 対局を開始できる人を設定
    [choose-match-threads] 対戦の場所を設定
    [choose-call-role] 投票で通知するロールを設定
    [choose-page-visibility] このチャンネルの対局ページの公開範囲を設定
    [choose-language] サーバーの言語を設定
    [set-up-daily] 今日のゲーマーを設定
    [turn-off-daily] 今日のゲーマーを停止
    [post-daily] 今日のゲーマーを投稿
    [set-up-puzzles] 今日のパズルを設定
    [turn-off-puzzles] 今日のパズルを停止
    [reveal-puzzle] 今日のパズルの答えを公開
    [challenge-community] 別のコミュニティに挑戦
    [accept-challenge] このチャンネルで挑戦を受けることが
    [withdraw-challenge] 挑戦を取り下げることが
    [resign-game] このチャンネルとして投了
    [create-league] リーグを作成
    [join-league] このコミュニティとしてリーグに参加
    [leave-league] このコミュニティとしてリーグから脱退
    [choose-voter-rules] このサーバーの対局で投票できる人の確認や設定が
    [see-vote-refusals] 投票の条件によって受け付けなかった票の確認が
   *[other] この操作を
}できるのはサーバー管理権限を持つメンバーだけです。
refusal-ballot-closed = その投票は締め切られました。
refusal-vote-superseded = この票を送ったあとで{ $standing }に投票しているため、あなたの票は{ $standing }のままです。
refusal-ballot-moved-on = あなたが見ていた投票は、票が届く前に締め切られました。いまは{ $move }手目の投票が開いていますので、その盤面を見てからもう一度投票してください。
refusal-not-voting = 対局は{ game-status }のため、投票するものはありません。
# 各ゲームの手の書き方。読み取れない文字列への返答で示す。記法はどの言語でも同じ。
move-form = { $game ->
    [space-checkers] 「A1-B1」「A3-B6」「C-A7」のような手（マスはA1〜A12、B1〜B12、C）
    [holochess] 「B@O3」のような配置、「GO1-O3」のような移動、「PM3xO1」のような攻撃、「SO1-O3xM3」のようなスカウトの移動（マスはO1〜O12、M1〜M12、C1〜C4、クリーチャーはB・P・G・S）
    [dejarik] 「Kl:A3-B4」「Gh:B1-B3 via C」のような移動、「Kl:A3xB4」のような攻撃、「pass」「roll 7v5」「push B5」「duel 20v11」
   *[djambi] 「MC7-C5x@F4」「AB9-E5x>C3」「RA8-D4xD3」「DB8-D6@A5」のような手、または「pass」
}
refusal-unreadable-vote = 「{ $text }」は{ $title }の手として読み取れません。{ move-form }の形で書くか、候補の番号で投票してください。
refusal-illegal-vote = { $text }は今は合法手ではありません。
refusal-illegal-vote-suggest = { $text }は今は合法手ではありません。{ $suggestions }のことですか？
refusal-no-such-option = 候補{ $text }はありません。{ $count ->
    [one] 候補は1番だけです。
   *[other] 候補の番号は1から{ $count }までです。
}
refusal-not-paused = 対局は一時停止していません。
refusal-vote-length = 投票時間は{ $min }から{ $max }までにしてください。
refusal-unknown-level = 「{ $level }」という強さはありません。{ $levels }のいずれかを選んでください。
refusal-bad-rules = このルールではゲームを用意できません（{ $detail }）。
refusal-opponent-count = { $title }の対戦相手は{ $count }人必要です。
refusal-players-not-distinct = 対戦相手はそれぞれ別の人で、あなた自身以外でなければなりません。
refusal-turn-length = 1手あたりの持ち時間は{ $min }から{ $max }までにしてください。
refusal-bad-post-time = 「{ $text }」は時刻ではありません。「09:30」や「18:00」のように、24時間制のHH:MMで書いてください。
refusal-unknown-time-zone = 「{ $zone }」というタイムゾーンは見つかりません。「Asia/Tokyo」や「Europe/London」のように、一覧にあるIANAの名前を選んでください。
refusal-no-daily-post = このサーバーでは今日のゲーマーが設定されていません。サーバー管理権限を持つメンバーが設定できます。
refusal-puzzle-needs-daily = 今日のパズルは今日のゲーマーと一緒に投稿しますが、このサーバーでは今日のゲーマーが設定されていません。先に/{ cmd-gotd-name } { cmd-gotd-setup-name }で設定してください。
refusal-puzzle-hours = パズルの投票を受け付ける時間は1〜{ $max }時間です。{ $hours }時間にはできません。
refusal-puzzle-choice = 候補の番号は1〜{ $count }です。
refusal-no-open-puzzle = このサーバーでは受付中のパズルの投票がありません。
refusal-puzzle-tried-alone = このパズルにはすでに一人で挑戦したため、投票してもコミュニティの答えを表すことにはなりません。投票はまだ挑戦していないメンバーのためのものです。
refusal-no-puzzle-left = まだ挑戦していないパズルは残っていません。
refusal-no-puzzle-try = 答えるパズルがありません。/{ cmd-puzzle-name } { cmd-puzzle-today-name }で表示できます。
refusal-no-match = このチャンネルにあなたの対戦はありません。
refusal-no-challenge = 挑戦{ $id }はありません。
refusal-not-invited = この挑戦に答えられるのは、挑戦されたプレイヤーだけです。
refusal-challenge-closed = { $status ->
    [accepted] この挑戦はすでに受けられ、対戦が始まっています
    [declined] この挑戦は断られました
    [expired] この挑戦は期限切れです
   *[answered] この挑戦には、すでに返事があります
}。
refusal-not-a-player = あなたはこの対戦のプレイヤーではありません。
refusal-not-your-turn = あなたの手番ではありません。いまは{ $waiting }の手番です。
refusal-engine-deciding = あなたの手番ではありません。いまはエンジンが考えています。
refusal-match-over = この対戦は終了しています。
refusal-match-moved = 選んでいる間に対戦が進みました。盤面を見てからもう一度選んでください。
refusal-player-busy = { $player }はこのチャンネルですでに対戦中です。先にその対戦を終えてください。
refusal-unreadable-move = 「{ $text }」は{ $title }の手として読み取れません。{ move-form }の形で書いてください。
refusal-unknown-code = コード「{ $code }」の挑戦はありません。送ってきたチャンネルに確認してください。
refusal-code-closed = その挑戦は{ $status ->
    [accepted] すでに別のチャンネルが受けました
    [withdrawn] 取り下げられました
   *[expired] 期限が切れました。新しいコードをもらってください
}。
refusal-own-challenge = この挑戦はこのチャンネルが送ったものです。このサーバーか別のサーバーの、別のチャンネルが受ける必要があります。
refusal-challenger-busy = この挑戦を送ったチャンネルは、その後に別の対局を始めました。その対局が終わったら新しい挑戦をもらってください。
refusal-no-open-challenge = このチャンネルには取り下げられる挑戦がありません。
refusal-other-side-voting = このチャンネルの番ではありません。{ $side }を持つコミュニティが自分のチャンネルで投票中です。
refusal-voted-other-side = この対局では、すでに別のチャンネルで{ $side }に投票しています。一人が投票できるのは一つの陣営だけです。
refusal-shared-game-stop = この対局は別のコミュニティも指しているため、ここでは中止できません。サーバー管理権限を持つメンバーは、`/{ cmd-community-name } { cmd-community-resign-name }`でこのチャンネルとして投了できます。
refusal-not-shared = 投了できるのは別のコミュニティとの対局だけです。この対局は`/{ cmd-community-name } { cmd-community-stop-name }`で中止してください。
refusal-side-out = このチャンネルの陣営はすでに対局から外れています。ほかの陣営が対局を続け、このチャンネルでも最後まで毎手を見られます。
refusal-table-size = { $most ->
    [2] この対局は2つのコミュニティで指します
   *[other] この対局には2〜{ $most }つのコミュニティが参加できます
}。誰も選ばなかった陣営は私が指します。
refusal-already-seated = このチャンネルはその挑戦をすでに受けています。ほかのコミュニティも受けると対局が始まります。

refusal-bad-quiet-hours = 「{ $text }」は通知しない時間として読めません。「22-7」や「22:00-07:00」のように現地時間の開始と終了を書くか、なしにするには「なし」と書いてください。
refusal-no-call-role = このチャンネルの投票で通知するロールはまだありません。サーバー管理権限を持つメンバーが`/{ cmd-community-name } { cmd-community-notify-role-name }`で選べます。
refusal-remind-below = リマインダーを送る基準の投票者数は最大{ $most }人です。0にするとリマインダーは送られません。
refusal-remind-at = リマインダーは投票時間の{ $earliest }%から{ $latest }%の間に送られます。
refusal-call-role-starts = ここで対局を開始できるロールは、投票で通知するロールにはできません。通知するロールにはメンバーが自分で加わるので、誰でも対局を開始できてしまいます。別のロールを選んでください。
refusal-no-reason = その手を指すべき理由を、一、二文で書いてください。
refusal-reason-too-long = 理由が{ $length }文字あります。{ $most }文字以内にしてください。
refusal-suggested-already = { $move }はすでに提案されています。その提案のボタンで支持してください。
refusal-too-many-suggestions = この投票ではすでに{ $most }件提案しています。1人が提案できるのはここまでです。ほかのメンバーの提案を支持してください。
refusal-no-suggestion = その提案は見つかりません。
refusal-own-suggestion = それはあなた自身の提案です。支持するのはほかのメンバーです。
refusal-backed-already = その提案はすでに支持しています。
refusal-you-suggested = この投票では{ $move }をすでに提案しています。ほかのメンバーがボタンで支持できます。
refusal-discussion-runs = この手の投票は{ $wait }後に始まります。それまでは`/{ cmd-suggest-name }`で手を提案するか、提案を支持してください。
refusal-discuss-length = 話し合いの時間は最長{ $max }です。
refusal-hidden-tally-poll = 投票機能では票数が全員に見えるため、票数を隠すにはメニューが必要です。投票形式にメニューか自動を選んでください。

refusal-league-name = リーグ名は1〜{ $most }文字にしてください。
refusal-league-move-time = リーグの1手あたりの持ち時間は、1時間から3日までの範囲で指定してください。
refusal-league-start-time = リーグの開始日時には、今から{ $days }日以内の未来の日時を指定してください。
refusal-league-format-for-game = このゲームはその形式では遊べません。総当たりとトーナメントは2陣営で戦うゲーム専用です。
refusal-league-tables-for-game = 4軍の卓を囲む形式は4軍のジャンビ専用です。このゲームでは総当たりかトーナメントを選んでください。
refusal-league-tables-one-game = 4軍の卓では各ラウンド1局です。1組あたり2局にできるのは総当たりとトーナメントだけです。
refusal-league-unknown-code = コード{ $code }のリーグはありません。
refusal-league-unknown = そのリーグはありません。
refusal-league-entries-closed = このリーグはもう参加を受け付けていません。
refusal-league-full = このリーグには、すでに上限の{ $most }コミュニティが参加しています。
refusal-league-already-entered = このコミュニティはすでにリーグに参加しています。
refusal-league-not-entered = このコミュニティはリーグに参加していません。
refusal-league-channel-unusable = リーグはテキストチャンネルで行います（スレッドは不可）。そのチャンネルで私が、画像や投票機能を使ったメッセージの投稿、メッセージ履歴の閲覧、スレッドの作成ができる必要があります。条件を満たすチャンネルで実行してください。
refusal-league-not-creator = それができるのはこのリーグを作成した人だけです。
refusal-league-started = リーグは始まっているので、参加コミュニティは変えられません。
refusal-league-over = このリーグはすでに終了しています。
refusal-league-other-not-entered = そのコミュニティはリーグに参加していません。
refusal-league-already-started = リーグはすでに始まっています。
refusal-league-too-few = このリーグには少なくとも{ $needed }コミュニティが必要ですが、{ $got ->
    [0] まだどのコミュニティも参加していません
   *[other] いまは{ $got }コミュニティしか参加していません
}。
refusal-league-none-here = このコミュニティが参加中のリーグはありません。リーグをコードで指定してください。
refusal-league-which = このコミュニティは複数のリーグに参加しています。コードで1つ指定してください：{ $codes }。
