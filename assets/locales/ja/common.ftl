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
   *[other] { $seat }
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
apology = 申し訳ありません、こちらで問題が起きました。ゲームは無事です。1分ほどしてからもう一度お試しください。
