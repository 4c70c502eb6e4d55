## コミュニティ対局：ボットがチャンネルに投稿する文。

game-strength = 強さ：{ $level }
game-strength-adaptive = コミュニティと互角の強さ：{ $level }
game-strength-adaptive-first = 強さ：まずは{ $level }、対局ごとにコミュニティに合わせて調整
game-started-engine-rest = 残り
game-started = { $game }の新しい対局が始まります！コミュニティは{ $seats }、私は{ $engine }を持ちます（{ $strength }）。{ $format ->
    [poll] 毎手、番号付きの候補に投票機能で投票します。候補にない合法手にも`/{ cmd-vote-name }`で投票できます。
    [menus] 毎手、メニューから手を選んで投票します。`/{ cmd-vote-name }`ならどの合法手にも投票できます。
   *[auto] 毎手、投票を行います。合法手がすべて収まるときは投票機能で、収まらないときはメニューで選びます。`/{ cmd-vote-name }`ならどの合法手にも投票できます。
}
ballot-opened = { $move }手目の投票：合法手{ $legal }通り。
ballot-opened-deciding = { $move }手目の投票（{ $deciding }）：合法手{ $legal }通り。
ballot-extended = まだ誰も投票していないので、投票を延長します。
ballot-extended-until = 投票の締め切りは{ $closes }です。
ballot-closed = コミュニティは{ $winner }を指しました（{ $total }票中{ $votes }票）。
ballot-closed-tie = コミュニティは{ $winner }を指しました（{ $total }票中{ $votes }票）。同票だったため、私の評価が高い手を選びました。
game-paused = { $reason ->
    [nobody-voted] 誰も投票しなかったため
   *[other] { $reason }のため
}、対局を一時停止しました。サーバー管理権限を持つメンバーが再開できます。
game-resumed = 対局を再開します！
game-over = 対局終了：{ $reason }。
game-over-score = 対局終了：{ $reason }。最終スコアは{ $score }です。
game-stopped = { $by }が対局を中止しました。
replies-engine = 私の応手は{ $list }です。
replies-dice = ダイスの目は{ $roll }です。
replies-dice-then = ダイスの目は{ $roll }、続いて{ $list }です。
reply-dice = ダイスの目{ $roll }

## 盤面と投票のメッセージ。

board-options = 候補：{ $options }
voting-closes = 投票の締め切りは{ $closes }です。
# 投票の通知（チャンネルが選んだロールへ）と、一度だけのリマインダー。
ballot-call = { $role }、新しい投票が始まりました。
ballot-reminder = { $role }、{ $move }手目は{ $voters ->
    [0] まだ誰も投票していません
   *[other] まだ{ $voters }人しか投票していません
}。
poll-question = { $move }手目：どの手を指しますか？
poll-how-all = 投票機能か`/{ cmd-vote-name }`で投票してください。
poll-how-featured = 番号付きの候補は投票機能で、{ $legal ->
    [one] 唯一の合法手にも
   *[other] 合法手{ $legal }通りのどれでも
}`/{ cmd-vote-name }`で投票できます。
menu-vote-move = 手を選んで投票
menu-vote-option = 番号付きの候補に投票
menu-pick-piece = または駒を選んでから手を選ぶ
menu-pick-destination = 行き先を選んでから残りを選ぶ
menu-group = { $name }（{ $count }手）
menu-closed = **{ $move }手目**：投票は締め切られました。
menu-tally-none = **{ $move }手目**：下のメニューから選ぶか、`/{ cmd-vote-name }`を使ってください。まだ票はありません。
menu-tally = **{ $move }手目**：下のメニューから選ぶか、`/{ cmd-vote-name }`を使ってください。現在{ $total }票：{ $leaders }。

## 対局を始める人、投票する人、確認する人への返信。

start-done = 対局{ $game }を開始しました。盤面と最初の投票がまもなく届きます。
start-already-yours = あなたは{ $when }にこのチャンネルで対局{ $game }を開始しており、対局は進行中です。盤面と投票はチャンネルにあります。別の対局を始めるには、先に中止してください。
status-game = 対局{ $game }（{ $kind }）：{ game-status }、{ $played }手経過、強さ：{ $level }、投票時間{ $vote }。
status-ballot = { $move }手目の投票：合法手{ $legal }通り、{ $total }票。締め切りは{ $closes }。
status-ballot-leaders = { $move }手目の投票：合法手{ $legal }通り、{ $total }票（{ $leaders }）。締め切りは{ $closes }。
history-head = 対局{ $game }（{ $kind }）、{ game-status }：
history-votes = { $number }. { $move }（{ $votes }票）
history-by = { $number }. { $move }（{ decided-by }）
history-none = まだ手はありません。
stop-done = 対局{ $game }を中止しました。
resume-done = 対局{ $game }を再開します。新しい投票がまもなく届きます。
role-set = { $role }ロールのメンバーが、ここで対局を開始・中止できるようになりました。
role-cleared = ここで対局を開始・中止できるのは、サーバー管理権限を持つメンバーだけになりました。
vote-cast = { $move }に投票しました。
vote-cast-option = { $move }（候補{ $option }）に投票しました。
vote-changed = 投票を{ $old }から{ $move }に変更しました。
vote-changed-option = 投票を{ $old }から{ $move }（候補{ $option }）に変更しました。
menu-stale = このメニューはもう使えません。`/{ cmd-vote-name }`を使ってください。
menu-piece-stuck = { $piece }には今、合法手がありません。別の駒を選んでください。
menu-piece-moves = { $piece }の手：
duration-unreadable = 「{ $text }」を時間の長さとして読み取れません。90s、10m、2h、1dのように指定してください。

## /settings language

language-current-chosen = このサーバーでは、`/{ cmd-settings-name } { cmd-settings-language-name }`の設定により、ボットは{ $language }で投稿します。
language-current-discord = このサーバーでは、Discordのサーバー言語に合わせて、ボットは{ $language }で投稿します。サーバー管理権限を持つメンバーは`/{ cmd-settings-name } { cmd-settings-language-name }`で別の言語を選べます。
language-chosen = これからは、このサーバーでボットは{ $language }で投稿します。

## コミュニティ同士の対局：各陣営のチャンネルに伝える文。

shared-game-started = { $opponents }との{ $game }の新しい対局が始まります！このチャンネルは{ $seats }を持ち、自分の手番だけを投票で決めます。{ $others ->
    [one] 相手は相手のチャンネルで投票します。
   *[other] ほかの陣営はそれぞれ自分のチャンネルで投票します。
}{ $format ->
    [poll] こちらの毎手、番号付きの候補に投票機能で投票します。候補にない合法手にも`/{ cmd-vote-name }`で投票できます。
    [menus] こちらの毎手、メニューから手を選んで投票します。`/{ cmd-vote-name }`ならどの合法手にも投票できます。
   *[auto] こちらの毎手、投票を行います。合法手がすべて収まるときは投票機能で、収まらないときはメニューで選びます。`/{ cmd-vote-name }`ならどの合法手にも投票できます。
}
shared-game-engine = 誰も選ばなかった陣営は私が指します（強さ：{ $level }）。
side-named = { $community }（{ $seats }）
side-unnamed = { $seats }を持つコミュニティ
other-side-voting = { $move }手目は{ $side }が決めます。相手のチャンネルで投票中です。
side-played = { $side }は{ $winner }を指しました（{ $total }票中{ $votes }票）。
side-played-tie = { $side }は{ $winner }を指しました（{ $total }票中{ $votes }票）。同票だったため、私の評価が高い手を選びました。
other-side-extended = { $side }ではまだ誰も投票していないため、投票を延長します。
status-other-side = { $move }手目は{ $side }を持つコミュニティが自分のチャンネルで決めます。投票の締め切りは{ $closes }です。
side-left = { $side }は{ $why ->
    [resigned] 投了しました
   *[out-of-time] 時間切れになりました
}。その軍は、首領が倒れたときと同じく対局から外れます。
side-left-game-goes-on = 対局はその軍なしで続きます。
side-left-vote-again = 盤面が変わったため、進行中の投票はやり直しになります。

## コミュニティ同士の挑戦：挑戦を扱うメンバーに見せる文と、公開の挑戦をチャンネルに知らせる文。

versus-challenge-open = 挑戦**{ $code }**：{ $game }。このチャンネルは{ $seats }を持ち、1回の投票は{ $vote }です。期限は{ $expires }です。
versus-challenge-how = 対局するチャンネル（このサーバーでも別のサーバーでも）で、サーバー管理権限を持つメンバーが`/{ cmd-community-name } { cmd-community-accept-name } { cmd-community-accept-opt-code-name }:{ $code }`を実行すると受けられます。
versus-challenge-private = このコードはあなたにだけ表示されています。受けてほしい相手に送ってください。
versus-challenge-public = どのサーバーでも、サーバー管理権限を持つメンバーは`/{ cmd-community-name } { cmd-community-lobby-name }`でこの挑戦を見つけられます。
versus-challenge-posted = { $by }がすべてのサーバーに{ $game }で挑戦しました。このチャンネルは{ $seats }を持ち、1回の投票は{ $vote }です。別のチャンネルでサーバー管理権限を持つメンバーは、`/{ cmd-community-name } { cmd-community-lobby-name }`か、コード**{ $code }**で受けられます。期限は{ $expires }です。
versus-withdraw-button = 取り下げる
versus-withdrawn = { $count ->
    [one] 挑戦{ $codes }を取り下げました。
   *[other] 挑戦{ $codes }を取り下げました。
}
versus-accepted = 挑戦を受けました。対局{ $game }がこのチャンネルで始まります。ほかのコミュニティのチャンネルにも知らせました。盤面と最初の投票をまもなく投稿します。
versus-joined = このチャンネルは席に着きました。{ $seats }を持ちます。あと{ $waiting }つのコミュニティが挑戦を受けると対局が始まります。挑戦の期限は{ $expires }です。
versus-lobby-head = 公開中の挑戦（下のメニューで選ぶと、このチャンネルで受けます）：
versus-lobby-line = **{ $community }**：{ $game }、相手は{ $seats }を持ち、1回の投票は{ $vote }。期限は{ $expires }。
versus-lobby-rated = { $community }（レーティング{ $rating }）
versus-lobby-unrated = { $community }（レーティングなし）
versus-lobby-table = { $communities }つのコミュニティの卓で、あと{ $waiting }つのコミュニティを待っています。
versus-lobby-option = { $community }：{ $game }
versus-lobby-option-detail = 相手は{ $seats }を持ちます。1回の投票は{ $vote }です。
versus-lobby-pick = このチャンネルで受ける挑戦を選ぶ
versus-lobby-empty = いま公開中の挑戦はありません。サーバー管理権限を持つメンバーは、`/{ cmd-community-name } { cmd-community-challenge-name }`の`{ cmd-community-challenge-opt-public-name }`オプションで挑戦を公開できます。
versus-lobby-nothing-picked = メニューから挑戦を選ぶか、`/{ cmd-community-name } { cmd-community-accept-name }`でコードを入力して受けてください。
versus-unnamed-server = あるサーバー
versus-resign-confirm = このチャンネルとして対局{ $game }を投了しますか？対局のすべてのチャンネルに伝えます。ほかの陣営の勝ちになります。ただし、ほかのコミュニティがまだ指している4軍のジャンビでは、このチャンネルの軍だけが外れ、対局は続きます。この確認の期限は{ $until }です。
versus-resign-button = 投了する
versus-keep-button = 対局を続ける
versus-resigned = このチャンネルとして対局{ $game }を投了しました。
versus-resign-kept = 投了しませんでした。対局は続きます。
versus-resign-expired = この確認は期限切れのため、投了していません。投了するには、もう一度`/{ cmd-community-name } { cmd-community-resign-name }`を実行してください。
versus-resign-stale = 対局{ $game }はすでに終わっているため、投了していません。このチャンネルのいまの対局を投了するには、もう一度`/{ cmd-community-name } { cmd-community-resign-name }`を実行してください。
versus-not-yours = この確認に答えられるのは、コマンドを実行した人だけです。

## コミュニティのレーティング：コミュニティ同士の対局の終了、/community history と /community leaderboard。

community-ratings = コミュニティのレーティングが変わりました。{ $list }。
community-rating = { $side }：{ $rating }（{ $change }）
community-unrated = この対局はレーティングに反映されません。複数の陣営が同じサーバーのもので、コミュニティは自分自身と対局してもレーティングを得られないためです。
history-sides = 陣営：{ $sides }。
history-side-rated = { $side }：レーティング{ $before } → { $after }
community-leaderboard-title = { $game }：コミュニティランキング
community-leaderboard-empty = このゲームのレーティング対局をしたコミュニティはまだありません。
community-leaderboard-line = { $rank }. { $community } — { $record }
community-leaderboard-hidden = まだ名前を公開していないコミュニティ

## メンバーへの通知：チャンネルの投票で通知するロールとリマインダー。

notify-role-set = このチャンネルの投票が始まると{ $role }に通知します。メンバーはその投稿のボタンか`/{ cmd-community-name } { cmd-community-notify-name }`でロールに加わったり外れたりできます。
notify-role-cleared = このチャンネルの投票では誰にも通知しません。
notify-reminder = 投票時間の{ $percent }%が過ぎても投票したメンバーが{ $below }人未満なら、{ $role }に一度だけリマインダーを送ります。
notify-reminder-off = このチャンネルの投票ではリマインダーを送りません。
notify-quiet = { $start }から{ $end }まで（{ $zone }）はリマインダーを送りません。
notify-role-everyone = @everyoneには通知できません。メンバーが加わるロールを選んでください。何も変更していません。
notify-role-managed = { $role }は連携サービスのロールなので、メンバーに付けられません。別のロールを選んでください。何も変更していません。
notify-role-privileged = { $role }には権限が付いているため、通知を希望するだけで誰でも手に入れられてしまいます。権限の付いていないロールを選んでください。何も変更していません。
notify-role-no-permission = { $role }をメンバーに付けられません。「ロールの管理」権限が必要です。何も変更していません。
notify-role-above-me = { $role }をメンバーに付けられません。私の一番上のロールより上にあります。サーバーのロール設定で私のロールをその上に移してから、もう一度お試しください。何も変更していません。
notify-role-not-mentionable = { $role }に通知できません。誰もメンションできないロールで、私にはすべてのロールをメンションする権限がありません。誰でもメンションできるようにするか、私にその権限を付けてください。何も変更していません。
notify-role-unchecked = { $role }を付けられるか確かめるためのサーバーのロールを読めませんでした。何も変更していません。少ししてからもう一度お試しください。
notify-joined = { $role }が付きました。このチャンネルで投票が始まると通知します。
notify-left = { $role }を外しました。このチャンネルで投票が始まっても通知しません。
notify-failed = あなたの{ $role }ロールを変更できませんでした。サーバーが私にそのロールを付けることを許可していません。サーバー管理権限を持つメンバーが私の権限を確認できます。
notify-button-join = 通知を受ける
notify-button-leave = 通知をやめる

## メンバーの投票成績：/community stats と /community voters。

community-stats-none = { $member }はまだこのサーバーのコミュニティ対局で投票していません。
community-stats-heading = このサーバーのコミュニティ対局での{ $member }の投票成績です。
community-stats-ballots = { $ballots }回の投票に参加し、そのうち{ $became }回は採用された投票でした。
community-stats-engine = { $judged ->
    [0] 私の振り返りで判定した投票はまだありません。振り返りは終局のときに行い、一択の決定と、この成績を記録する前に振り返った対局は判定に含みません。
   *[other] 私の振り返りで選択を判定した{ $judged }回のうち、{ $matched }回は私が最善と判断した手への投票でした。
}
community-stats-streak = { $streak ->
    [0] 現在の連続投票：なし（このサーバーの最新の投票に参加していません）。
   *[other] 現在の連続投票：このサーバーの最新の投票まで{ $streak }回続けて参加しています。
}
community-stats-suggestions = { $suggested ->
    [0] 提案：まだありません。
   *[other] 提案：{ $suggested }手、そのうち{ $adopted }手がコミュニティに採用されました。
}
community-voters-heading = { $period ->
    [month] 今月（{ $since }から）
    [season] 今シーズン（四半期、{ $since }から）
   *[all] これまで
}のこのサーバーのコミュニティ対局でのメンバーの投票成績です。投票した回数、採用された投票の数、私が最善と判断した手への投票の数の順に並べています。
community-voters-empty = { $period ->
    [month] 今月（{ $since }から）は
    [season] 今シーズン（四半期、{ $since }から）は
   *[all] まだ
}このサーバーのコミュニティ対局で誰も投票していません。
community-voters-line = { $rank }. { $member }：投票{ $ballots }回、採用{ $became }回、{ $judged ->
    [0] 振り返りの判定なし
   *[other] 判定{ $judged }回中{ $matched }回が最善手
}
community-voters-engine-note = 最善手との一致に数えるのは、終局後の振り返りで判定した投票だけです。対局中の投票、一択の決定、この成績を記録する前に振り返った対局の投票は含みません。

## 提案：メンバーが手を提案し、ほかのメンバーが支持する。

suggestion-posted = { $member }が**{ $move }**を提案しました：「{ $reason }」
suggestion-back = { $backers ->
    [0] 支持する
   *[other] 支持する・{ $backers }人
}
suggestion-item = **{ $move }**（{ $member }、{ $backers ->
    [0] 支持はまだありません
   *[other] 支持{ $backers }人
}）
suggestions-line = 提案：{ $list }。
suggestions-more = ほか{ $count }件

# A discussion before each ballot's votes
discussion-opened = まず話し合いましょう。`/{ cmd-suggest-name }`で手を提案し、賛成できる提案を支持してください。
votes-open-at = 投票の開始は{ $opens }です。
voting-opened = { $move }手目の話し合いが終わりました。投票してください。

# A tally hidden until the close
menu-tally-hidden = **{ $move }手目**：下のメニューから選ぶか、`/{ cmd-vote-name }`を使ってください。票の内訳は締め切りまで非公開です。投票した{ $total }人：{ $members }。
voters-more = ほか{ $count }人
discussion-place = { $game }の話し合い
status-discussion = 投票が始まる{ $opens }までは話し合いの時間です。それまでは`/{ cmd-suggest-name }`で手を提案してください。
notify-join-unsafe = { $role }はもう付与しません。選ばれた後に権限が付いたか削除されたためです。呼び出し用のロールは誰でも受け取れます。サーバー管理権限を持つメンバーは`/{ cmd-community-name } { cmd-community-notify-role-name }`で別のロールを選べます。
notify-join-unchecked = { $role }が今も安全か確認するためにこのサーバーのロールを読めなかったので、付与しませんでした。少し待ってからもう一度お試しください。
