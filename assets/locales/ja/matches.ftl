## メンバー同士（とエンジン）の対戦：ボットがチャンネルに投稿する文。

match-seat-player = { $player }（{ seat }）
match-seat-engine = エンジン（{ seat }）
match-the-engine = エンジン
match-versus = { $first }対{ $rest }
match-started = { $game }の{ $rated ->
    [rated] レーティング対戦
   *[friendly] フリー対戦
}を始めます：{ $players }。
match-started-level = エンジンの強さは「{ $level }」です。
match-started-turn = 持ち時間は1手あたり{ $turn }です。
match-since = その後の手：{ $list }。
match-reply-engine = エンジンの{ $move }
match-reply-dice = ダイスの目{ $roll }
match-turn = { $move }手目：{ $seat }の手番です（合法手{ $legal }通り）。
match-turn-choose = 下のメニューか`/{ cmd-move-name }`で選んでください。時間切れは{ $deadline }です。
match-reminder = お知らせ：{ $seat }の手番が続いています。持ち時間の半分が過ぎました。
match-over = 対戦終了：{ $reason }。
match-over-score = 対戦終了：{ $reason }。最終スコアは{ $score }です。
match-rating-change = { $player }：レーティング{ $before } → { $after }
match-menu-play = 手を選んで指す
match-menu-pick-piece = 駒を選んでから手を選ぶ

## 挑戦。

challenge-posted = { $challenger }が{ $invited }に{ $game }のレーティング対戦を挑みました（持ち時間は1手あたり{ $turn }）。挑戦の期限は{ $lapses }です。
challenge-accept = 受ける
challenge-decline = 断る
challenge-declined = { $player }が挑戦を断りました。
challenge-accepted = 相手が挑戦を受けました。対戦{ $game }を始めます。盤面がまもなく届きます。
challenge-accepted-thread = 相手が挑戦を受けました。対戦{ $game }を{ $thread }で始めます。盤面がまもなく届きます。
match-thread-name = { $game }：{ $players }

## プレイヤーへの返信（本人の言語で）。

challenge-waiting = 挑戦を受けました。{ $players }の返事を待っています。
match-bots-cannot-play = ボットは対戦できません。私と対戦するには`/{ cmd-play-name }`を使ってください。
match-engine-started = 私との対戦{ $game }を始めました。盤面がまもなく届きます。
match-engine-started-thread = 私との対戦{ $game }を{ $thread }で始めました。盤面がまもなく届きます。
match-you-played = { $move }を指しました。
match-you-resigned = 対戦{ $game }を投了しました。
match-in-thread = あなたの対戦は専用スレッド{ $thread }で行われています。そこで`/{ $command }`を使ってください。
match-menu-stale = このメニューはもう使えません。`/{ cmd-move-name }`を使ってください。
match-piece-stuck = { $piece }には今、合法手がありません。別の駒を選んでください。
match-piece-moves = { $piece }の手：
match-status = 対戦{ $game }（{ $kind }、{ $rated ->
    [rated] レーティング対戦
   *[friendly] フリー対戦
}）：{ $seats }。{ $played }手経過。
match-status-seat-rating = { $player } { $before } → { $after }
match-status-waiting = { $player }の手番です（合法手{ $legal }通り）。時間切れは{ $deadline }です。
match-status-over = 終了：{ $reason }。
match-history-player = { $number }. { $move }（{ $player }）
match-threads-on = これからここで作られる対戦には、それぞれ専用のスレッドができます。
match-threads-off = これからここで作られる対戦は、このチャンネルで行われます。

## /leaderboard と /profile。

leaderboard-title = { $game }ランキング
leaderboard-empty = このゲームのレーティング対戦をした人はまだいません。
leaderboard-line = { $rank }. { $player } — { $record }
rating-record = { $rating } ± { $deviation }（{ $games }局、{ $wins }勝）
rating-record-winning = { $rating } ± { $deviation }（{ $games }局、{ $wins }勝、{ $run }連勝中）
rating-record-losing = { $rating } ± { $deviation }（{ $games }局、{ $wins }勝、{ $run }連敗中）
profile-title = { $player }の対戦成績
profile-empty = レーティング対戦はまだありません。
profile-streaks = 最高{ $best }連勝。引き分け{ $draws }回、負け{ $losses }回。

## 端末での `holotable match`。

match-cli-intro = 対戦{ $game }。手を入力してください。「list」で合法手の一覧、「resign」で投了、「quit」で終了します。
match-cli-your-move = { $player }の手番です：
match-cli-played = { $player }が{ $move }を指しました。
match-cli-stopped = 中断しました。対戦{ $game }は{ $db }に未完のまま残ります。続けるには：holotable match --resume { $game }
match-cli-output-closed = 出力先が閉じられたため、対戦{ $game }は{ $db }に未完のまま残ります。続けるには：holotable match --resume { $game }
match-cli-database-full = ディスクまたはデータベースの容量がいっぱいになったため、対戦{ $game }は{ $db }に未完のまま残ります。空き容量を確保してから、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-database-read-only = データベースが読み取り専用のため、対戦{ $game }は{ $db }に未完のまま残ります。書き込めるようになったら、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-database-damaged = { $data ->
    [postgres] データベースのデータが壊れているため
   *[other] データベースファイルが壊れているため
}、対戦{ $game }は{ $db }に未完のまま残ります。バックアップから復元してから（docs/operations.mdの「Backups」を参照）、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-database-denied = holotableが接続に使うロールには、データベースに対する権限が不足しているため、対戦{ $game }は{ $db }に未完のまま残ります。データベースの所有者に権限を付与してもらってから、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-database-gone = データベースに接続できなかったため、対戦{ $game }は{ $db }に未完のまま残ります。接続できるようになったら、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-taken-over = データベースとの接続が途切れている間に、別のholotableプロセスが対戦{ $game }を引き継いだため、このコマンドはここで中断しました。そのプロセスが終了したら、次のコマンドで続けてください：holotable match --resume { $game }
match-cli-is-community = 対局{ $game }は対戦ではなくコミュニティ対局です。続けるには：holotable play --resume { $game }
match-cli-over = 対戦{ $game }は終わっています。指す手はもう残っていません。
match-cli-board = 盤面：{ $path }
match-cli-replay = リプレイを{ $path }に保存しました。
match-cli-player = プレイヤー{ $number }
match-cli-wrong-players = --playersで{ $named }人が指定されていますが、この対戦には{ $needed }人必要です。
