## ウェブページ：対局のページとオーバーレイ、コミュニティのページ、ランキング、ロビー。

web-site-name = holotable
web-home-intro = Discordのコミュニティが投票で指す対局を観戦し、コミュニティのランキングを確かめ、挑戦する相手を探せます。
web-home-link = トップページへ戻る。
web-not-found-title = ページが見つかりません
web-not-found = このアドレスにはページがありません。リンクを確かめてください。チャンネルが対局のページを非公開にした場合もあります。
web-failed = 現在このページを読み込めません。数秒後にもう一度お試しください。
web-live = このページは自動で更新されます。
web-overlay-link = 配信用オーバーレイ
web-by-community = コミュニティ
web-by-engine = holotableのエンジン
web-by-chance = サイコロ
web-stopped = サーバー管理権限を持つメンバーが対局を途中で中止しました。
web-paused = サーバー管理権限を持つメンバーが再開するまで、対局は一時停止中です。
web-thinking = エンジンが手を選んでいます。
web-deciding = { $side }が{ $number }手目を決めます。
web-votes-open-in = 投票開始まで{ $countdown }です。
web-closes-in = 投票終了まで{ $countdown }です。
web-votes = { $count }票
web-no-votes-yet = まだ誰も投票していません。
web-tally-between = 両コミュニティのチャンネルと同じく、投票が締め切られるまで票数は非公開です。
web-tally-hidden = チャンネルと同じく、投票が締め切られるまで票数は非公開です。
web-rating-change = レーティング{ $before }→{ $after }
web-decided = 指し手：{ $by }
web-decided-votes = 指し手：{ $by }（{ $count }票）
web-sides = 陣営
web-moves = 棋譜
web-no-moves = まだ一手も指されていません。
web-board-alt = { $count ->
    [0] 対局開始時の盤面
   *[other] { $count }手目を指した後の盤面
}
web-review = 振り返り
web-rating-now = レーティング{ $rating }
web-replay = リプレイ
web-leaderboards = ランキング
web-lobby = ロビー
web-lobby-intro = 対戦相手を待っているコミュニティです。受けるには、サーバー管理権限を持つメンバーが自分のチャンネルでコードを入力します。
web-lobby-empty = 現在、対戦相手を待っているコミュニティはありません。
web-code = コード
web-game = ゲーム
web-community = コミュニティ
web-rating = レーティング
web-games = 対局数
web-ratings = レーティング
web-unnamed-community = 名前を公開していないコミュニティ
web-no-ratings = このゲームでレーティングを持つコミュニティはまだありません。
web-community-intro = { $community }の対局とレーティング。
web-record = { $wins }勝{ $draws }分{ $losses }敗
web-public-games = 公開中の対局
web-no-public-games = このコミュニティには公開中の対局がありません。
web-listed-live = 対局中（これまで{ $count }手）
web-listed-over = { $count }手で終局
web-expires-in = 残り{ $wait }で期限切れ
watch-button = ライブで観戦
page-visibility = このチャンネルの対局ページは{ $visibility ->
    [public] 公開です。コミュニティのページに掲載されます
    [off] 非公開です。対局のページはありません
   *[unlisted] 限定公開です。リンクを知る人だけが見られます
}。
page-visibility-set = これから、このチャンネルの対局ページは{ $visibility ->
    [public] 公開です。コミュニティのページに掲載されます
    [off] 非公開です。対局のページはありません
   *[unlisted] 限定公開です。リンクを知る人だけが見られます
}。
page-address = このチャンネルの対局ページ：{ $url }
