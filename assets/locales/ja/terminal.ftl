# ターミナルでの `holotable play`：あなたがコミュニティです。
play-started = 対局{ $game }。中断したら次のコマンドで続けられます：holotable play --resume { $game }
play-resume-paused = 対局は一時停止中です。再開するには：holotable play --resume { $game }
play-stopped = 中断しました。続けるには：holotable play --resume { $game }
play-resume-is-match = 対局{ $game }はコミュニティ対局ではなく対戦です。続けるには：holotable match --resume { $game }
play-database-gone = データベースとの接続が失われたため、対局{ $game }は最後に保存された時点で中断しました。データベースが戻ったら次のコマンドで続けられます：holotable play --resume { $game }
play-output-closed = 出力先が閉じられたため、対局{ $game }は最後に保存された時点で中断しました。続けるには：holotable play --resume { $game }
play-nothing-left = 対局{ $game }は{ game-status }です。投票するものはもう残っていません。
play-board-written = 盤面：{ $path }
play-final-position = 最終局面：{ $position }
play-replay-written = リプレイを保存しました：{ $path }
play-vote-prompt = 投票してください（候補の番号か手。手を提案するときは「suggest」に続けて手と理由、全部の手は「list」、やめるときは「quit」）：
play-more-legal = （ほかに合法手が{ $count }通り）
play-voted = { $move }に投票しました。
play-crowd = { $cast }人が投票しました（うち{ $changed }人が投票を変更、無効な投票{ $refused }件を拒否）。
# ターミナルでの入力全般（`play`・`match`）。
terminal-not-text = その行は読み取れる文字ではありません。もう一度入力してください。
play-community-votes = { $community }の投票の番です。
play-crowd-reason = 一番強い手に見えます。
play-suggested = { $move }を提案しました。
play-watch = この対局をブラウザで観戦できます：{ $url }
play-no-page = この対局にはウェブページがありません。チャンネルが対局ページを非公開にしています。
# `holotable puzzle`: a puzzle solved at the terminal.
puzzle-terminal-position = 局面：{ $position }
puzzle-terminal-ask = { $steps }手のうち{ $step }手目：手を入力するか、候補の番号を入力してください。
# Another process is playing the game a command was to resume.
terminal-played-elsewhere = { $command ->
    [match] 対戦
   *[other] 対局
}{ $game }は別のholotableプロセスで進行中のため、このコマンドでは何も行っていません。そのプロセスが終了したら（別のマシンで動いていて強制終了された場合は{ $seconds }秒待ってから）、次のコマンドで続けてください：holotable { $command } --resume { $game }
# The database cannot be written to until a person acts.
play-database-full = ディスクまたはデータベースの容量がいっぱいになったため、対局{ $game }は最後に保存された時点で中断しました。空き容量を確保してから、次のコマンドで続けてください：holotable play --resume { $game }
play-database-read-only = データベースが読み取り専用のため、対局{ $game }は最後に保存された時点で中断しました。書き込めるようになったら、次のコマンドで続けてください：holotable play --resume { $game }
play-database-damaged = { $data ->
    [postgres] データベースのデータが壊れているため
   *[other] データベースファイルが壊れているため
}、対局{ $game }は最後に保存された時点で中断しました。バックアップから復元してから（docs/operations.mdの「Backups」を参照）、次のコマンドで続けてください：holotable play --resume { $game }
play-database-denied = holotableが接続に使うロールには、データベースに対する権限が不足しているため、対局{ $game }は最後に保存された時点で中断しました。データベースの所有者に権限を付与してもらってから、次のコマンドで続けてください：holotable play --resume { $game }
# The database stopped `play` or `match` before it had a game to continue.
terminal-start-database-full = ディスクまたはデータベースの容量がいっぱいのため、{ $command ->
    [match] 対戦
   *[other] 対局
}を開始できませんでした。空き容量を確保してから、もう一度実行してください。
terminal-start-database-read-only = データベースが読み取り専用のため、{ $command ->
    [match] 対戦
   *[other] 対局
}を開始できませんでした。書き込めるようになってから、もう一度実行してください。
terminal-start-database-damaged = { $data ->
    [postgres] データベースのデータが壊れているため
   *[other] データベースファイルが壊れているため
}、{ $command ->
    [match] 対戦
   *[other] 対局
}を開始できませんでした。バックアップから復元してから（docs/operations.mdの「Backups」を参照）、もう一度実行してください。
terminal-start-database-denied = holotableが接続に使うロールには、データベースに対する権限が不足しているため、{ $command ->
    [match] 対戦
   *[other] 対局
}を開始できませんでした。データベースの所有者に権限を付与してもらってから、もう一度実行してください。
terminal-start-database-gone = データベースに接続できなかったため、{ $command ->
    [match] 対戦
   *[other] 対局
}を開始できませんでした。接続できるようになってから、もう一度実行してください。
# The database stopped `play --resume` or `match --resume` before it held the game.
terminal-resume-database-full = ディスクまたはデータベースの容量がいっぱいのため、{ $command ->
    [match] 対戦
   *[other] 対局
}{ $game }を再開できませんでした。空き容量を確保してから、もう一度実行してください。
terminal-resume-database-read-only = データベースが読み取り専用のため、{ $command ->
    [match] 対戦
   *[other] 対局
}{ $game }を再開できませんでした。書き込めるようになってから、もう一度実行してください。
terminal-resume-database-damaged = { $data ->
    [postgres] データベースのデータが壊れているため
   *[other] データベースファイルが壊れているため
}、{ $command ->
    [match] 対戦
   *[other] 対局
}{ $game }を再開できませんでした。バックアップから復元してから（docs/operations.mdの「Backups」を参照）、もう一度実行してください。
terminal-resume-database-denied = holotableが接続に使うロールには、データベースに対する権限が不足しているため、{ $command ->
    [match] 対戦
   *[other] 対局
}{ $game }を再開できませんでした。データベースの所有者に権限を付与してもらってから、もう一度実行してください。
terminal-resume-database-gone = データベースに接続できなかったため、{ $command ->
    [match] 対戦
   *[other] 対局
}{ $game }を再開できませんでした。接続できるようになってから、もう一度実行してください。
# While the database was away, another process took over the game `play` held.
play-taken-over = データベースとの接続が途切れている間に、別のholotableプロセスが対局{ $game }を引き継いだため、このコマンドはここで中断しました。そのプロセスが終了したら、次のコマンドで続けてください：holotable play --resume { $game }
# A ballot's close kept failing, for no reason a person can mend; the last error follows.
play-close-failed = { $move }手目の投票を締め切れなかったため、対局{ $game }は最後に保存された時点で中断しました。次のコマンドで続けてください：holotable play --resume { $game }
# A line above, followed by the database driver's own words (in English), set apart so a command to copy ends where the line does.
terminal-stopped-cause = { $said }（詳細：{ $cause }）
