count-votes = { $count }票
duration = { $unit ->
    [day] { $count }日
    [hour] { $count }時間
    [minute] { $count }分
   *[second] { $count }秒
}
list-and-pair = { $first }と{ $second }
list-or-pair = { $first }か{ $second }
list-then = { $first }、続いて{ $rest }
list-more = { $first }、{ $rest }
seat = { $seat ->
    [white] 白
    [black] 黒
    [light] ライト
    [dark] ダーク
    [red] 赤
    [blue] 青
    [green] 緑
    [yellow] 黄
    [red-blue] 赤と青
    [yellow-green] 黄と緑
   *[other] { $seat }
}
# 文の主語としての陣営。日本語では名前だけで足りる。
seat-subject = { seat }
# 1手番に複数の決定があるゲーム（デジャリックの2回の行動と押し出し、
# 2人用Djambiの各軍）で、その投票が手番のどの部分を決めるか。
decision-action = { $number ->
    [1] { seat-subject }の手番の1回目の行動
   *[2] { seat-subject }の手番の2回目の行動
}
decision-push = { seat-subject }が{ $square }のクリーチャーを押し出す先
decision-army-move = { $extra ->
    [yes] { seat }軍の手（迷宮を占めているための追加の手番）
   *[no] { seat }軍の手
}
game-status = { $status ->
    [active] 進行中
    [paused] 一時停止中
    [finished] 終局
   *[stopped] 中止
}
decided-by = { $by ->
    [engine] エンジン
    [chance] ダイス
    [community] コミュニティ
   *[other] { $by }
}
apology = 申し訳ありません、こちらで問題が起きました。盤面はそのまま残っています。1分ほどしてからもう一度お試しください。
# More commands and clicks came at once than I handle together: this one
# was not carried out.
busy = ただいま多くのリクエストを同時に処理しているため、この操作は実行していません。少し待ってからもう一度お試しください。

# An engine level, by the name the commands' choices give it.
engine-level = { $level ->
    [random] ランダム
    [greedy] 一手読み
    [easy] やさしい
    [normal] ふつう
    [hard] むずかしい
    [max] 最強
    [adaptive] 自動調整
   *[other] { $level }
}
