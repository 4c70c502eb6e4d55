# コミュニティ同士のリーグ：/リーグ への返答とリーグの順位表。

league-format-round-robin = 総当たり
league-format-double-round-robin = 2回総当たり
league-format-knockout = トーナメント
league-format-tables = 4軍の卓

league-created = リーグ「{ $name }」を作成しました：{ $game }、{ $format }、持ち時間は1手あたり{ $move_time }。このコミュニティも含め、各コミュニティは開始（{ $start }）までに`/{ cmd-league-name } { cmd-league-join-name } { cmd-league-join-opt-code-name }:{ $code }`で参加できます。
league-joined = このコミュニティは「{ $name }」に参加し、このチャンネルで対局します。リーグの開始は{ $start }です。
league-lobby-empty = いま参加を受け付けている公開リーグはありません。
league-lobby-head = 参加受付中の公開リーグ（{ $count }件）：
league-lobby-line = ・「{ $name }」：{ $game }、{ $format }、持ち時間1手あたり{ $move_time }、参加{ $entered }コミュニティ、{ $start }に開始。コード：{ $code }
league-lobby-more = …ほか{ $count }件のリーグ
league-leave-confirm = 「{ $name }」はすでに始まっています。脱退すると、このコミュニティの終わっていない対局はすべて不戦敗になり、順位表にもそう表示されます。脱退するには、`{ cmd-league-leave-opt-forfeit-name }:{ cmd-choice-yes-forfeit-every-game-not-finished }`を付けてもう一度実行してください。
league-left-before-start = このコミュニティは「{ $name }」への参加を取り消しました。
league-left-forfeiting = このコミュニティは「{ $name }」から脱退し、終わっていない対局はすべて不戦敗になりました。
league-removed = { $entry }番のコミュニティを「{ $name }」から除外しました。
league-closed = 「{ $name }」の参加受付を締め切りました。リーグは予定の日時に始まります。
league-started-now = 「{ $name }」が始まりました。第1ラウンドの対局が進行中です。
league-cancelled-now = 「{ $name }」を中止しました。対局は勝敗をつけずに打ち切られます。

league-table-no-entrants = 「{ $name }」に参加しているコミュニティはまだありません。
league-table-entrants = 「{ $name }」に参加している{ $count }コミュニティ（参加順）：
league-table-entrant = { $number }. { $community }
league-table-head = { $status ->
    [finished] 「{ $name }」の最終順位表：
    [cancelled] 「{ $name }」の順位表（途中で中止）：
   *[other] 「{ $name }」の順位表：
}
league-points = { $halves ->
    [1] ½点
   *[other] { $points }点
}
league-table-row = { $place }. { $community }：{ $points }（{ $won }勝{ $drawn }分{ $lost }敗）
league-table-forfeit-wins = ※ほかに不戦勝が{ $count }局あります。
league-table-below-by = { $rule ->
    [sonneborn-berger] ※ゾンネボーン・ベルガー（{ $score }）の差で下位です。
    [games-won] ※勝ち数の差で下位です。
    [head-to-head] ※直接対決の成績の差で下位です。
   *[entry-order] ※タイブレークがすべて同じため、参加順で並べています。
}
league-table-left = ※リーグを脱退し、{ $forfeited }局が不戦敗になりました。
league-table-byes = ※抜け番が{ $byes }回ありました。

# 参加している各チャンネルにボットが投稿する文：日程、各ラウンドの対局とスレッド、ラウンドごとの順位、終了、中止。

league-community-numbered = コミュニティ{ $number }
league-started = 「{ $league }」が{ $communities }コミュニティで始まりました。各対局はこのチャンネルにできる専用のスレッドで行います。
league-later-rounds-drawn = 次のラウンド以降の組み合わせは、それまでの結果をもとに決まります。
league-schedule-round = ラウンド{ $round }：{ $games }
league-schedule-resting = （抜け番：{ $communities }）
league-round-started = 「{ $league }」ラウンド{ $round }{ $leg ->
    [game] （第{ $number }局）
    [deciding] （決着戦）
   *[only] {""}
}：このコミュニティの対局相手は{ $opponents }です。対局はこのスレッドで行います。
league-thread-name = { $league } – ラウンド{ $round }{ $leg ->
    [game] （第{ $number }局）
    [deciding] （決着戦）
   *[only] {""}
} – { $opponents }
league-round-over = 「{ $league }」のラウンド{ $round }が終わりました。順位表：
league-finished-champion = 「{ $league }」が終わりました。優勝は{ $champion }です！最終順位表：
league-finished = 「{ $league }」が終わりました。最終順位表：
league-rating-changes = リーグ前と現在のレーティング：
league-rating-change = { $community }：{ $before } → { $after }
league-cancelled = 「{ $league }」は作成者によって中止されました。進行中だった対局は、勝敗をつけずに打ち切られました。
league-cancelled-before-start = 「{ $league }」は開始前に作成者によって中止されました。
league-cancelled-too-few = 「{ $league }」は中止されました。少なくとも{ $needed }コミュニティが必要でしたが、{ $got ->
    [0] 参加はありませんでした
   *[other] 参加は{ $got }コミュニティだけでした
}。
league-rows-left-out = メッセージを短くするため、残りの{ $count }行は省略しました。
league-game-stopped = リーグが中止されたため、この対局は打ち切られました。勝敗はつきません。
