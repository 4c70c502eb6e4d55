# 今日のパズル：投稿と答えの公開、メンバーが一人で解く挑戦。
puzzle-difficulty = { $difficulty ->
    [easy] やさしい
    [medium] ふつう
    [hard] むずかしい
   *[expert] 上級
}
puzzle-heading = **{ $game }・難易度：{ puzzle-difficulty }・見つける手は{ $steps }手**
puzzle-task = { $theme ->
    [win] { seat-subject }の手番です。勝ちを決めてください。
    [material] { seat-subject }の手番です。駒得になる手を見つけてください。
    [defence] { seat-subject }の手番です。持ちこたえるただ一つの手を見つけてください。ほかの手ではどれもはっきり不利になります。
   *[odds] { seat-subject }の手番です。最も有利な手を見つけてください。ダイスが結果を決めるため、すべての出目の平均で判定します。
}
puzzle-post-title = **今日のパズル（{ $date }）**
puzzle-post-vote = 自分なら指す手に下の番号付きボタンで投票してください。答えは{ $closes }に公開します。「一人で解く」を押すと、パズルのレーティングをかけて自分だけで挑戦できます。挑戦した後はこのパズルに投票できません。
puzzle-button-alone = 一人で解く
puzzle-reveal-title = **{ $date }のパズルの答え：{ $answer }**
puzzle-line = 手順：{ $line }
puzzle-why-solved = 理由：解析済みの表によると、最善を尽くせば{ seat-subject }が{ $plies }手で勝ち、ほかの手ではすべて勝ちを逃します。
puzzle-why-search = 理由：{ $plies }手先まで読むと、ほかのどの手よりも{ $margin }点以上よい手です。
puzzle-why-odds = 理由：{ $plies }手先まで読んでダイスの平均をとると、ほかのどの手よりも{ $margin }点以上有利です。
puzzle-reveal-share = 投票した{ $voters }人のうち{ $found }人が正解しました（{ $percent }%）。
puzzle-reveal-nobody = 投票はありませんでした。
puzzle-reveal-done = 投票を締め切りました。答えを投稿しています。
puzzle-solve-reply = 相手の応手：{ $reply }
puzzle-solve-ask = { $steps }手のうち{ $step }手目を見つけてください。ボタンを押すか、/{ cmd-puzzle-name } { cmd-puzzle-answer-name }を使ってください。
puzzle-solve-done-solved = このパズルは解けました。
puzzle-solve-done-failed = このパズルは解けませんでした。
puzzle-line-hidden = このサーバーでこのパズルの投票を受け付けている間は、正しい手順を表示しません。投票が締め切られる{ $closes }に、答えの投稿で表示します。
puzzle-answer-right = 正解です！
puzzle-answer-solved = 正解です！パズルを解きました。
puzzle-answer-wrong = { $tried }は答えではありません。
puzzle-answer-not-a-move = それはこの局面の手ではありません。{ $moves }で答えてください。
puzzle-answer-stale = その答えはこのパズルの前の手に対するものです。いまの状態を表示します。
puzzle-rating-change = パズルのレーティング：{ $before } → { $after }
puzzle-streak = { $count }問連続で解いています。
puzzle-streak-lost = 連続記録は0からやり直しです。
puzzle-vote-counted = { $mv }に投票しました。答えは{ $closes }に公開します。
puzzle-vote-changed = 投票を{ $from }から{ $mv }に変えました。答えは{ $closes }に公開します。
puzzle-vote-unchanged = すでに{ $mv }に投票しています。答えは{ $closes }に公開します。
puzzle-ranking-title = **サーバーのパズルランキング**
puzzle-ranking-empty = このサーバーではまだ誰もパズルに挑戦していません。
puzzle-ranking-line = { $place }位：{ $member }、レーティング{ $rating }（{ $solved }問正解、{ $streak }問連続）
puzzle-ranking-you = あなたのパズルのレーティングは{ $rating }です。{ $solved }問正解、{ $failed }問不正解、現在{ $streak }問連続、最高{ $best }問連続です。
puzzle-ranking-you-none = まだパズルに挑戦していません。/{ cmd-puzzle-name } { cmd-puzzle-today-name }で表示できます。
puzzle-daily-every-game = 各ゲームを順番に
puzzle-daily-done = 毎日{ $time }（{ $zone }）に、今日のゲーマーと一緒にパズルを{ $channel }に投稿します（{ $game }）。投票は{ $hours }時間受け付けます。
puzzle-off-done = 今日のパズルを停止しました。レーティングと過去のパズルは残ります。
puzzle-off-was-off = 今日のパズルは動いていませんでした。
puzzle-stops-with-daily = 今日のパズルも一緒に投稿しているため、パズルも止まります。/{ cmd-gotd-name } { cmd-gotd-setup-name }で両方とも再開できます。
