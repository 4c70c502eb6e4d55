refusal-no-game = このチャンネルには対局がありません。
refusal-channel-busy = このチャンネルにはすでに対局（対局{ $game }）があります。先に中止してください。
refusal-not-allowed = { $action ->
    [start-game] 対局を開始
    [stop-game] 対局を中止
    [resume-game] 対局を再開
    [choose-starters] 対局を開始できる人を設定
    [choose-match-threads] 対戦の場所を設定
    [choose-language] サーバーの言語を設定
    [set-up-daily] 今日のゲーマーを設定
    [turn-off-daily] 今日のゲーマーを停止
    [post-daily] 今日のゲーマーを投稿
   *[other] この操作を
}できるのはサーバー管理者だけです。
refusal-ballot-closed = その投票は締め切られました。
refusal-ballot-moved-on = あなたが見ていた投票は、票が届く前に締め切られました。いまは第{ $move }手の投票が開いていますので、その盤面を見てからもう一度投票してください。
refusal-not-voting = 対局は{ game-status }のため、投票するものはありません。
refusal-unreadable-vote = 「{ $text }」を読み取れません（{ $expected }）。候補の番号でも投票できます。
refusal-illegal-vote = { $text }は今は合法手ではありません。
refusal-illegal-vote-suggest = { $text }は今は合法手ではありません。{ $suggestions }のことですか？
refusal-no-such-option = 候補{ $text }はありません。候補の番号は1から{ $count }までです。
refusal-not-paused = 対局は一時停止していません。
refusal-vote-length = 投票時間は{ $min }から{ $max }までにしてください。
refusal-bad-option = { $detail }
refusal-no-daily-post = このサーバーでは今日のゲーマーが設定されていません。サーバー管理者が設定できます。
refusal-no-match = このチャンネルにあなたの対戦はありません。
refusal-no-challenge = 挑戦{ $id }はありません。
refusal-not-invited = この挑戦に答えられるのは、挑戦を受けたプレイヤーだけです。
refusal-challenge-closed = この挑戦は{ $status ->
    [accepted] すでに受諾されています
    [declined] 辞退されました
    [expired] 期限切れです
   *[answered] すでに回答済みです
}。
refusal-not-a-player = あなたはこの対戦のプレイヤーではありません。
refusal-not-your-turn = あなたの手番ではありません。いまは{ $waiting }の手番です。
refusal-match-over = この対戦は終了しています。
refusal-match-moved = 選んでいる間に対戦が進みました。盤面を見てからもう一度選んでください。
refusal-player-busy = { $player }さんはこのチャンネルですでに対戦中です。先にその対戦を終えてください。
refusal-unreadable-move = 「{ $text }」を読み取れません（{ $expected }）。
