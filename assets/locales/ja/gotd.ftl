# 今日のゲーマー：毎日の投稿と `/{ cmd-gotd-name }` の返信。

## 投稿。

gotd-post-member = **今日のゲーマーは{ $member }です！**
    昨日のホロ盤での成績：{ $record }。
gotd-post-character = **今日のゲーマーは{ $from }の{ $name }です！**
    { $blurb }
    （昨日は誰も遊ばなかったので、栄誉は銀河に贈られます。）
gotd-post-fact-heading = **トルーパーST-3V3の豆知識：**

## 前日の成績。日本語に単数・複数の区別はありません。

gotd-record-winning-votes = 採用された投票{ $count }票
gotd-record-community-wins = コミュニティ対局で{ $count }勝
gotd-record-matches-won = 対戦で{ $count }勝
gotd-record-rating-gained = レーティング+{ $points }
gotd-record-rating-lost = レーティング−{ $points }
gotd-record-separator = 、

## /gotd の返信。

gotd-setup-on = 今日のゲーマーをオンにしました。毎日{ $time }（{ $zone }）に{ $channel }へ投稿します。
gotd-setup-pinged = 今日のゲーマーには通知が届きます。
gotd-setup-not-pinged = 今日のゲーマーは通知なしで名前だけ紹介します。
gotd-setup-next-now = 本日の投稿をこれから送ります。
gotd-setup-next-at = 次回の投稿は<t:{ $unix }:F>（<t:{ $unix }:R>）です。
gotd-off-done = 今日のゲーマーをオフにしました。`/{ cmd-gotd-name } { cmd-gotd-setup-name }`で再びオンにできます。
gotd-off-was-off = このサーバーでは今日のゲーマーはオンになっていませんでした。
gotd-preview-posted = { $date }の投稿のプレビュー（投稿済み）：
gotd-preview-not-posted = { $date }の投稿のプレビュー（未投稿）：
gotd-now-posted = 今日のゲーマーを{ $channel }に投稿します。
gotd-now-posted-elsewhere = 今日のゲーマーを設定済みのチャンネルに投稿します。
gotd-now-already-posted = 本日（{ $date }）の投稿はすでに済んでいます。次回は明日です。
