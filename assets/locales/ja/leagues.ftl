## リーグ：参加している各チャンネルにボットが投稿する文。

league-community-numbered = コミュニティ{ $number }
league-started = リーグ「{ $league }」が{ $communities }コミュニティで始まりました。各対局はここにできる専用のスレッドで行います。
league-later-rounds-drawn = 次のラウンド以降の組み合わせは、結果に応じてリーグの進行とともに決まります。
league-schedule-round = ラウンド{ $round }：{ $games }
league-schedule-resting = （休み：{ $communities }）
league-round-started = { $league }、ラウンド{ $round }{ $leg ->
    [game] （第{ $number }局）
    [deciding] （決着戦）
   *[only] {""}
}：対戦相手は{ $opponents }です。対局はこのスレッドで行います。
league-thread-name = { $league } – ラウンド{ $round }{ $leg ->
    [game] （第{ $number }局）
    [deciding] （決着戦）
   *[only] {""}
} – { $opponents }
league-round-over = { $league }：ラウンド{ $round }が終わりました。現在の順位：
# $amount は英語の単数・複数を選ぶためのもので、日本語では形が変わらない。
league-table-line = { $place }位　{ $community }：{ $played }局で{ $amount ->
   *[other] { $points }点
}
league-table-left = （リーグを離脱）
league-finished-champion = { $league }が終わりました。優勝は{ $champion }です！最終順位：
league-finished = { $league }が終わりました。最終順位：
league-rating-changes = リーグ前と現在のレーティング：
league-rating-change = { $community }：{ $before } → { $after }
league-cancelled = リーグ「{ $league }」は作成者によって中止されました。進行中だった対局は結果なしで停止しました。
league-cancelled-too-few = リーグ「{ $league }」は中止されました。少なくとも{ $needed }コミュニティが必要でしたが、{ $got ->
    [0] 参加はありませんでした
   *[other] 参加は{ $got }コミュニティだけでした
}。
league-rows-left-out = メッセージを短くするため、残りの{ $count }行は省略しました。
league-game-stopped = リーグが中止されたため、この対局は停止しました。結果はありません。
