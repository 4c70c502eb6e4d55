# Slash commands: names, descriptions, options and choices, read by
# src/discord/localise.rs. Names: lower case, no spaces, at most 32
# characters; descriptions and choices: at most 100 (tests check).

# /community
cmd-community-name = コミュニティ
cmd-community-description = コミュニティ対局：チャンネルのみんなで一手ずつ投票
cmd-community-start-name = 開始
cmd-community-start-description = このチャンネルでコミュニティ対局を開始（サーバー管理権限）
cmd-community-start-opt-game-name = ゲーム
cmd-community-start-opt-game-description = 遊ぶゲーム
cmd-community-start-opt-vote-name = 投票時間
cmd-community-start-opt-vote-description = 1回の投票の長さ（例：30m、2h、1d）
cmd-community-start-opt-level-name = 強さ
cmd-community-start-opt-level-description = エンジンの強さ
cmd-community-start-opt-side-name = 陣営
cmd-community-start-opt-side-description = コミュニティの陣営（既定：白）
cmd-community-start-opt-ballot-name = 投票形式
cmd-community-start-opt-ballot-description = 各手の投票の見せ方（既定：自動）
cmd-community-start-opt-discuss-name = 話し合い
cmd-community-start-opt-discuss-description = 各手の投票が始まる前に手を提案する時間、例：10m（既定：なし）
cmd-community-start-opt-tally-name = 票数
cmd-community-start-opt-tally-description = 締め切り前にメンバーが票数を見られるか（既定：公開）
cmd-community-status-name = 状況
cmd-community-status-description = このチャンネルの対局と、いまの投票の票数を表示
cmd-community-history-name = 棋譜
cmd-community-history-description = このチャンネルの対局のこれまでの手とリプレイ
cmd-community-review-name = 振り返り
cmd-community-review-description = このチャンネルで終局した対局の振り返り（あなたにだけ表示）
cmd-community-review-opt-game-name = 対局
cmd-community-review-opt-game-description = 対局の番号（省くと最新の終局した対局）
cmd-community-stop-name = 中止
cmd-community-stop-description = このチャンネルの対局を中止し、再開できなくする（サーバー管理権限）
cmd-community-resume-name = 再開
cmd-community-resume-description = このチャンネルで一時停止中の対局を再開（サーバー管理権限）
cmd-community-role-name = ロール
cmd-community-role-description = このチャンネルで対局を開始・中止できるロールを設定（サーバー管理権限）
cmd-community-role-opt-role-name = ロール
cmd-community-role-opt-role-description = 対象のロール（省略するとサーバー管理権限を持つメンバーのみ）
cmd-community-challenge-name = 挑戦
cmd-community-challenge-description = 別のコミュニティに挑戦し、このチャンネルで対局する（サーバー管理権限）
cmd-community-challenge-opt-game-name = ゲーム
cmd-community-challenge-opt-game-description = 遊ぶゲーム
cmd-community-challenge-opt-side-name = 陣営
cmd-community-challenge-opt-side-description = このチャンネルの陣営（既定：白）
cmd-community-challenge-opt-vote-name = 投票時間
cmd-community-challenge-opt-vote-description = 1回の投票の長さ（例：30m、2h、1d）
cmd-community-challenge-opt-ballot-name = 投票形式
cmd-community-challenge-opt-ballot-description = 各手の投票の見せ方（既定：自動）
cmd-community-challenge-opt-public-name = 公開
cmd-community-challenge-opt-public-description = すべてのサーバーが見られるロビーに載せる（既定：共有用のコードだけ）
cmd-community-challenge-opt-communities-name = コミュニティ数
cmd-community-challenge-opt-communities-description = 4軍のジャンビのみ：参加するコミュニティの数、2〜4（既定：2）
cmd-community-challenge-opt-discuss-name = 話し合い
cmd-community-challenge-opt-discuss-description = 各手の投票が始まる前に手を提案する時間、例：10m（既定：なし）
cmd-community-challenge-opt-tally-name = 票数
cmd-community-challenge-opt-tally-description = 締め切り前にメンバーが票数を見られるか（既定：公開）
cmd-community-challenge-cancel-name = 挑戦取り下げ
cmd-community-challenge-cancel-description = このチャンネルの受付中の挑戦を、すべてまたは一つ取り下げる（サーバー管理権限）
cmd-community-challenge-cancel-opt-code-name = コード
cmd-community-challenge-cancel-opt-code-description = 取り下げる挑戦のコード（省略するとすべて）
cmd-community-accept-name = 受ける
cmd-community-accept-description = 別のコミュニティの挑戦を受け、このチャンネルで対局を始める（サーバー管理権限）
cmd-community-accept-opt-code-name = コード
cmd-community-accept-opt-code-description = 挑戦のコード（例：ABCD-EFGH）
cmd-community-lobby-name = ロビー
cmd-community-lobby-description = すべてのサーバーの公開中の挑戦。このチャンネルで一つ受けられます
cmd-community-lobby-opt-game-name = ゲーム
cmd-community-lobby-opt-game-description = このゲームの挑戦だけを表示
cmd-community-resign-name = 投了
cmd-community-resign-description = 別のコミュニティとの対局を、このチャンネルとして投了（サーバー管理権限）
cmd-community-leaderboard-name = ランキング
cmd-community-leaderboard-description = ゲームごとのレーティング上位コミュニティ（全サーバー）
cmd-community-leaderboard-opt-game-name = ゲーム
cmd-community-leaderboard-opt-game-description = 対象のゲーム
cmd-community-stats-name = 投票成績
cmd-community-stats-description = このサーバーのコミュニティ対局でのメンバーの投票成績（あなたにだけ表示）
cmd-community-stats-opt-member-name = メンバー
cmd-community-stats-opt-member-description = 対象のメンバー（省くとあなた）
cmd-community-voters-name = 投票ランキング
cmd-community-voters-description = このサーバーのコミュニティ対局でよく投票したメンバーのランキング
cmd-community-voters-opt-period-name = 期間
cmd-community-voters-opt-period-description = 対象の期間（省くと今月）

# /vote
cmd-vote-name = 投票
cmd-vote-description = コミュニティの次の一手に投票
cmd-vote-opt-move-name = 指し手
cmd-vote-opt-move-description = A1-B1のような手、または盤面に出ている候補の番号

# /gotd
cmd-gotd-name = 今日のゲーマー
cmd-gotd-description = 今日のゲーマー：サーバーで一番のプレイヤーを毎日紹介する投稿
cmd-gotd-setup-name = 設定
cmd-gotd-setup-description = 今日のゲーマーを毎日投稿（サーバー管理権限）
cmd-gotd-setup-opt-channel-name = チャンネル
cmd-gotd-setup-opt-channel-description = 投稿先
cmd-gotd-setup-opt-time-name = 時刻
cmd-gotd-setup-opt-time-description = 投稿する現地時刻、HH:MM（24時間制、例：09:00）
cmd-gotd-setup-opt-timezone-name = タイムゾーン
cmd-gotd-setup-opt-timezone-description = あなたのタイムゾーン（例：Asia/Tokyo）
cmd-gotd-setup-opt-mentions-name = メンション
cmd-gotd-setup-opt-mentions-description = 今日のゲーマーにメンションする（しない場合は通知なしで名前のみ）
cmd-gotd-off-name = 停止
cmd-gotd-off-description = 毎日の投稿を停止（サーバー管理権限）
cmd-gotd-preview-name = プレビュー
cmd-gotd-preview-description = 今日の投稿を、投稿せずに自分だけに表示
cmd-gotd-now-name = 今すぐ投稿
cmd-gotd-now-description = まだ投稿されていなければ、今日のゲーマーを今すぐ投稿（サーバー管理権限）
# /puzzle
cmd-puzzle-name = パズル
cmd-puzzle-description = 今日のパズル：解く、ランキングを見る、設定する。
cmd-puzzle-today-name = 今日
cmd-puzzle-today-description = 今日のパズルを自分だけに表示して解きます（なければ自分の実力に合うもの）。
cmd-puzzle-random-name = おまかせ
cmd-puzzle-random-description = まだ挑戦していない、自分の実力に合うパズルを自分だけに表示して解きます。
cmd-puzzle-random-opt-game-name = ゲーム
cmd-puzzle-random-opt-game-description = このゲームのパズルだけ
cmd-puzzle-answer-name = 答える
cmd-puzzle-answer-description = パズルにゲームの表記で手を答えます。
cmd-puzzle-answer-opt-move-name = 手
cmd-puzzle-answer-opt-move-description = あなたの手（例：A3-B4）
cmd-puzzle-ranking-name = ランキング
cmd-puzzle-ranking-description = サーバーでパズルを最もよく解くメンバーと、あなたのレーティングと連続記録。
cmd-puzzle-daily-name = 毎日
cmd-puzzle-daily-description = 今日のゲーマーと一緒に毎日パズルを投稿します（サーバー管理権限）
cmd-puzzle-daily-opt-channel-name = チャンネル
cmd-puzzle-daily-opt-channel-description = 投稿先
cmd-puzzle-daily-opt-hours-name = 時間
cmd-puzzle-daily-opt-hours-description = 投票を受け付ける時間（1〜23、省略時は12）
cmd-puzzle-daily-opt-game-name = ゲーム
cmd-puzzle-daily-opt-game-description = このゲームのパズルだけ（省略時は各ゲームを順番に）
cmd-puzzle-off-name = 停止
cmd-puzzle-off-description = 今日のパズルを停止します（サーバー管理権限）
cmd-puzzle-reveal-name = 答え
cmd-puzzle-reveal-description = 今日のパズルの投票をすぐに締め切り、答えを公開します（サーバー管理権限）

# /challenge
cmd-challenge-name = 挑戦
cmd-challenge-description = ほかのメンバーに対戦を申し込む
cmd-challenge-opt-opponent-name = 相手
cmd-challenge-opt-opponent-description = 対戦を申し込む相手
cmd-challenge-opt-game-name = ゲーム
cmd-challenge-opt-game-description = 遊ぶゲーム
cmd-challenge-opt-turn-name = 持ち時間
cmd-challenge-opt-turn-description = 1手あたりの持ち時間（例：10m、2h、1d、既定：1d）
cmd-challenge-opt-opponent2-name = 相手2
cmd-challenge-opt-opponent2-description = 2人目の相手（3人以上で遊ぶゲーム用）
cmd-challenge-opt-opponent3-name = 相手3
cmd-challenge-opt-opponent3-description = 3人目の相手（4人で遊ぶゲーム用）

# /play
cmd-play-name = ボットと対戦
cmd-play-description = 私と対戦する
cmd-play-opt-game-name = ゲーム
cmd-play-opt-game-description = 遊ぶゲーム
cmd-play-opt-level-name = 強さ
cmd-play-opt-level-description = 私の強さ
cmd-play-opt-turn-name = 持ち時間
cmd-play-opt-turn-description = あなたの1手あたりの持ち時間（例：10m、2h、1d、既定：1d）

# /move
cmd-move-name = 着手
cmd-move-description = このチャンネルでの自分の対戦で手を指す
cmd-move-opt-move-name = 指し手
cmd-move-opt-move-description = A1-B1のような手

# /resign
cmd-resign-name = 投了
cmd-resign-description = このチャンネルでの自分の対戦を投了

# /match
cmd-match-name = 対戦
cmd-match-description = このチャンネルでの自分の対戦
cmd-match-status-name = 状況
cmd-match-status-description = ここでの現在（または直近）の対戦：陣営、手番のプレイヤー、残り時間
cmd-match-history-name = 棋譜
cmd-match-history-description = ここでの現在（または直近）の対戦の手とリプレイ
cmd-match-threads-name = スレッド
cmd-match-threads-description = このチャンネルで作られる対戦ごとに専用のスレッドを作成（サーバー管理権限）
cmd-match-threads-opt-switch-name = 設定
cmd-match-threads-opt-switch-description = オン：対戦ごとにスレッド、オフ：このチャンネルで対戦

# /leaderboard and /profile
cmd-leaderboard-name = ランキング
cmd-leaderboard-description = ゲームごとのレーティング上位プレイヤー
cmd-leaderboard-opt-game-name = ゲーム
cmd-leaderboard-opt-game-description = 対象のゲーム
cmd-profile-name = プロフィール
cmd-profile-description = プレイヤーのレーティングと戦績
cmd-profile-opt-user-name = ユーザー
cmd-profile-opt-user-description = 表示するプレイヤー（既定：自分）


# /community notify-role, reminder, notify
cmd-community-notify-role-name = 通知ロール
cmd-community-notify-role-description = このチャンネルの投票で通知するロールを設定（サーバー管理権限）
cmd-community-notify-role-opt-role-name = ロール
cmd-community-notify-role-opt-role-description = 通知を受けたいメンバーが加わるロール。省略すると誰にも通知しません
cmd-community-reminder-name = リマインダー
cmd-community-reminder-description = このチャンネルの投票が一度だけ送るリマインダーの設定（サーバー管理権限）
cmd-community-reminder-opt-voters-name = 投票者数
cmd-community-reminder-opt-voters-description = 投票したメンバーがこの人数未満なら通知。0でリマインダーなし
cmd-community-reminder-opt-at-name = タイミング
cmd-community-reminder-opt-at-description = 投票時間の何%で送るか（10〜95）
cmd-community-reminder-opt-quiet-name = 通知しない時間
cmd-community-reminder-opt-quiet-description = リマインダーを送らない現地時間（例：22-7）。いつでも送るなら「なし」
cmd-community-reminder-opt-zone-name = タイムゾーン
cmd-community-reminder-opt-zone-description = 通知しない時間のタイムゾーン（既定：今日のゲーマーのもの、なければUTC）
cmd-community-notify-name = 通知
cmd-community-notify-description = このチャンネルで投票が始まったときの通知を受ける・やめる
cmd-community-notify-opt-switch-name = 設定
cmd-community-notify-opt-switch-description = オン：ここの投票で通知を受ける、オフ：通知をやめる


# /suggest
cmd-suggest-name = 提案
cmd-suggest-description = コミュニティの投票に手を提案（理由を添えて）
cmd-suggest-opt-move-name = 指し手
cmd-suggest-opt-move-description = A1-B1のような手、または盤面に出ている候補の番号
cmd-suggest-opt-why-name = 理由
cmd-suggest-opt-why-description = コミュニティがその手を指すべき理由（200文字まで）

# Choices, one message wherever the choice is offered. Game names stay as
# they are. A command named in a choice is its message, so it reads as the
# member's client shows it.
cmd-choice-space-checkers = スペースチェッカー
cmd-choice-dejarik = デジャリック
cmd-choice-holochess = ホロチェス
cmd-choice-djambi = ジャンビ
cmd-choice-djambi-4-players-the-channel-plays-red = ジャンビ（4人用：チャンネルは赤を担当）
cmd-choice-djambi-2-players-the-channel-plays-red-and-blue = ジャンビ（2人用：チャンネルは赤と青を担当）
cmd-choice-random = ランダム
cmd-choice-this-month = 今月
cmd-choice-this-season-calendar-quarter = 今シーズン（四半期）
cmd-choice-all-time = これまでの全期間
cmd-choice-greedy = 一手読み
cmd-choice-easy = やさしい
cmd-choice-normal = ふつう
cmd-choice-hard = むずかしい
cmd-choice-max = 最強
cmd-choice-adaptive = 自動調整
cmd-choice-white-moves-first = 白（先手）
cmd-choice-black-the-engine-opens = 黒（エンジンが先手）
cmd-choice-alternate-swaps-each-new-game-here = 交互（このチャンネルで新しい対局ごとに交代）
cmd-choice-black-the-other-community-opens = 黒（相手のコミュニティが先手）
cmd-choice-auto-a-poll-when-every-move-fits-else-menus = 自動（全部の手が収まれば投票機能、収まらなければメニュー）
cmd-choice-poll-the-numbered-options-others-by-vote = 投票機能（番号付きの候補、ほかの手は/{ cmd-vote-name }で）
cmd-choice-menus = メニュー
cmd-choice-live = 公開
cmd-choice-hidden = 非公開
cmd-choice-on = オン
cmd-choice-off = オフ

# /settings
cmd-settings-name = 設定
cmd-settings-description = このサーバーの設定（サーバー管理権限）
cmd-settings-language-name = 言語
cmd-settings-language-description = このサーバーでのボットの投稿の言語（サーバー管理権限）
cmd-settings-language-opt-language-name = 言語
cmd-settings-language-opt-language-description = 言語（省略すると現在の言語を表示）
cmd-settings-voters-name = 投票できる人
cmd-settings-voters-description = このサーバーのコミュニティ対局で投票できる人（サーバー管理権限）
cmd-settings-voters-opt-min-account-age-name = アカウント作成からの期間
cmd-settings-voters-opt-min-account-age-description = 投票に必要なアカウント作成からの期間（7d、12hなど。0で制限なし）
cmd-settings-voters-opt-min-time-in-server-name = サーバー参加からの期間
cmd-settings-voters-opt-min-time-in-server-description = 投票に必要なサーバー参加からの期間（1dなど。0で制限なし）
cmd-settings-voters-opt-role-name = ロール
cmd-settings-voters-opt-role-description = 投票に必要なロール（@everyoneで不要）
cmd-choice-english = English（英語）
cmd-choice-espa-ol-spanish = Español（スペイン語）
cmd-choice-japanese = 日本語
cmd-choice-two = 2つ
cmd-choice-three-four-army-djambi = 3つ（4軍のジャンビ）
cmd-choice-four-four-army-djambi = 4つ（4軍のジャンビ）
cmd-community-page-name = ページ
cmd-community-page-description = このチャンネルの対局ページを表示、または対局ページの公開範囲を設定します。
cmd-community-page-opt-visibility-name = 公開範囲
cmd-community-page-opt-visibility-description = このチャンネルの対局ページを誰が見られるか（サーバー管理権限を持つメンバー）
cmd-choice-unlisted-only-with-the-link = 限定公開（リンクを知る人のみ）
cmd-choice-public-listed-on-the-community-s-page = 公開（コミュニティのページに掲載）
cmd-choice-off-no-page = 非公開（ページなし）

# /league
cmd-league-name = リーグ
cmd-league-description = コミュニティ同士のリーグ：コミュニティ対局のシーズン
cmd-league-create-name = 作成
cmd-league-create-description = コミュニティがコードで参加するリーグを作成（サーバー管理権限）
cmd-league-create-opt-name-name = 名前
cmd-league-create-opt-name-description = リーグの名前
cmd-league-create-opt-game-name = ゲーム
cmd-league-create-opt-game-description = 遊ぶゲーム
cmd-league-create-opt-format-name = 形式
cmd-league-create-opt-format-description = コミュニティの組み合わせ方
cmd-league-create-opt-move-time-name = 持ち時間
cmd-league-create-opt-move-time-description = 1手あたりの持ち時間（各手の投票の長さ）、1h〜3d（例：12h）
cmd-league-create-opt-starts-in-name = 開始まで
cmd-league-create-opt-starts-in-description = 第1ラウンドまでの時間（例：2d、最長30日）
cmd-league-create-opt-pairs-name = 局数
cmd-league-create-opt-pairs-description = 1組あたりの局数（既定：1局）
cmd-league-create-opt-public-name = 公開
cmd-league-create-opt-public-description = すべてのサーバーから見える/{ cmd-league-name } { cmd-league-lobby-name }に載せる（既定：載せない）
cmd-league-create-opt-ballot-name = 投票形式
cmd-league-create-opt-ballot-description = 各手の投票の見せ方（既定：自動）
cmd-league-create-opt-discuss-name = 話し合い
cmd-league-create-opt-discuss-description = 各手の投票が始まる前に手を提案する時間、例：10m（既定：なし）
cmd-league-create-opt-tally-name = 票数
cmd-league-create-opt-tally-description = 締め切り前にメンバーが票数を見られるか（既定：公開）
cmd-league-join-name = 参加
cmd-league-join-description = このコミュニティとしてリーグに参加し、このチャンネルで対局（サーバー管理権限）
cmd-league-join-opt-code-name = コード
cmd-league-join-opt-code-description = リーグの参加コード（例：ABCD-EFGH）
cmd-league-lobby-name = ロビー
cmd-league-lobby-description = 参加を受け付けている公開リーグの一覧
cmd-league-lobby-opt-game-name = ゲーム
cmd-league-lobby-opt-game-description = このゲームのリーグだけ表示
cmd-league-standings-name = 順位表
cmd-league-standings-description = リーグの順位表（勝ち点順、同点ならタイブレーク）
cmd-league-standings-opt-league-name = リーグ
cmd-league-standings-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-league-leave-name = 脱退
cmd-league-leave-description = このコミュニティとしてリーグから脱退。開始後は残りの対局がすべて不戦敗になる（サーバー管理権限）
cmd-league-leave-opt-league-name = リーグ
cmd-league-leave-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-league-leave-opt-forfeit-name = 不戦敗
cmd-league-leave-opt-forfeit-description = 開始後に脱退するときの確認：終わっていない対局はすべて不戦敗になります
cmd-league-remove-name = 除外
cmd-league-remove-description = 開始前のリーグからコミュニティを除外（リーグの作成者）
cmd-league-remove-opt-entry-name = 番号
cmd-league-remove-opt-entry-description = /{ cmd-league-name } { cmd-league-standings-name }で表示されるコミュニティの番号
cmd-league-remove-opt-league-name = リーグ
cmd-league-remove-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-league-close-name = 締め切り
cmd-league-close-description = リーグの参加受付を締め切る。開始は予定どおり（リーグの作成者）
cmd-league-close-opt-league-name = リーグ
cmd-league-close-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-league-start-name = 開始
cmd-league-start-description = 開始日時を待たずにリーグを今すぐ始める（リーグの作成者）
cmd-league-start-opt-league-name = リーグ
cmd-league-start-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-league-cancel-name = 中止
cmd-league-cancel-description = リーグを中止し、対局を勝敗をつけずに打ち切る（リーグの作成者）
cmd-league-cancel-opt-league-name = リーグ
cmd-league-cancel-opt-league-description = リーグのコード（既定：このコミュニティのリーグ）
cmd-choice-round-robin-every-community-meets-every-other-once = 総当たり（ほかのすべてのコミュニティと1回ずつ対局）
cmd-choice-double-round-robin-twice-colours-swapped = 2回総当たり（先後を入れ替えてもう1回）
cmd-choice-knockout-a-bracket-seeded-by-rating = トーナメント（レーティング順にシードを配置）
cmd-choice-four-army-tables-four-player-djambi = 4軍の卓（4人用ジャンビ）
cmd-choice-one-game = 1局
cmd-choice-two-games-at-once-colours-swapped = 先後を入れ替えて2局同時
cmd-choice-yes-forfeit-every-game-not-finished = はい、終わっていない対局をすべて不戦敗にする
