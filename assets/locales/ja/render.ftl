render-side = { $seat ->
    [white] 白
    [black] 黒
    [light] ライト
    [dark] ダーク
    [red] 赤
    [blue] 青
    [yellow] 黄
    [green] 緑
    [red-blue] 赤と青
   *[yellow-green] 黄と緑
}
caption-to-move = { $seat ->
    [white] 白の手番
    [black] 黒の手番
    [light] ライトの手番
    [dark] ダークの手番
    [red] 赤の手番
    [blue] 青の手番
    [yellow] 黄の手番
   *[green] 緑の手番
}
caption-to-place = { $seat ->
    [light] ライトが配置
   *[dark] ダークが配置
}
caption-wins = { $seat ->
    [white] 白の勝ち
    [black] 黒の勝ち
    [light] ライトの勝ち
    [dark] ダークの勝ち
    [red] 赤の勝ち
    [blue] 青の勝ち
    [yellow] 黄の勝ち
    [green] 緑の勝ち
    [red-blue] 赤と青の勝ち
   *[yellow-green] 黄と緑の勝ち
}
caption-push = { $seat ->
    [white] 白が押し出し先を選択
   *[black] 黒が押し出し先を選択
}
caption-labyrinth-turn = { $seat ->
    [red] 赤の迷宮手番
    [blue] 青の迷宮手番
    [yellow] 黄の迷宮手番
   *[green] 緑の迷宮手番
}
caption-move = { $move }手目
caption-placement = 配置 { $placement }/8
caption-counting = { $side } { $count }/3
caption-game-over = 終局
caption-wins-score = { caption-wins } { $first }–{ $second }
caption-draw = 引き分け
caption-draw-score = 引き分け { $first }–{ $second }
caption-dice-roll = ダイスロール
caption-duel = 決闘
caption-action = 行動 { $action }/2
key-creature = { $creature ->
    [brute] ブルート
    [predator] プレデター
    [guardian] ガーディアン
   *[scout] スカウト
}
key-monster = { $name } { $attack }·{ $defence }·{ $movement }
key-armies = 軍
key-pieces = 駒
key-djambi-piece = { $kind ->
    [leader] 首領
    [assassin] 暗殺者
    [reporter] 記者
    [diplomat] 外交官
    [necromobile] ネクロモービル
   *[militant] 闘士
}
key-dead = 死体
alt-status = { $title }。{ $status }。
alt-status-separator = 、
alt-last-move = 直前の手：{ $move }。
alt-options = 番号付きの候補：{ $options }。
alt-option = { $number }番（{ $move }）
alt-option-separator = 、
alt-left-out = ほかの駒は省略しています。
alt-discs = { $seat ->
    [white] 白
   *[black] 黒
}の駒{ $count }個：{ $squares }。
alt-creatures = { $seat ->
    [light] ライト
   *[dark] ダーク
}の{ $creature ->
    [brute] ブルート
    [predator] プレデター
    [guardian] ガーディアン
   *[scout] スカウト
}{ $count }体：{ $squares }。
alt-monster = { $seat ->
    [white] 白
   *[black] 黒
}の{ $name }：{ $squares }。
alt-djambi-pieces = { $army ->
    [red] 赤
    [blue] 青
    [yellow] 黄
   *[green] 緑
}の{ $kind ->
    [leader] 首領
    [assassin] 暗殺者
    [reporter] 記者
    [diplomat] 外交官
    [necromobile] ネクロモービル
   *[militant] 闘士
}{ $count }体：{ $squares }。
alt-corpses = 死体{ $count }体：{ $squares }。
alt-replay = 対局全体のリプレイです（{ $count }手）。最終盤面：{ $board }
# ゲームの名前。盤面の画像にも、ゲームを名指しするどの文にも使う。
game-title = { $game ->
    [space-checkers] スペースチェッカー
    [holochess] ホロチェス
    [dejarik] デジャリック
   *[djambi] ジャンビ
}
