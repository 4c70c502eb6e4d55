## サーバーのコミュニティ対局で投票できる人：投票を断られたメンバーへの
## 案内、サーバー管理権限を持つメンバーが `/settings voters` で見て設定する
## 内容、`/community stats` で数える断った票。

# 投票の条件で断られたメンバーへ。どの条件かはサーバー管理権限を持つメンバーだけが見られる。
voters-refusal-not-yet = このサーバーの対局にはまだ投票できません。投票できるはずだと思う場合は、サーバー管理権限を持つメンバーに相談してください。
voters-refusal-bad-threshold = 「{ $text }」は期間として読み取れません。7d、12h、1d 12hのように、整数に単位を付けて書いてください（wは週、dは日、hは時間、mは分）。制限を設けない場合は0と書いてください。
voters-refusal-threshold-too-long = 設定できる期間は最長{ $longest }です。

voters-current = このサーバーのコミュニティ対局で投票できる人：
voters-saved = 保存しました。次の投票から適用されます。このサーバーのコミュニティ対局で投票できる人：
voters-account-age-any = アカウントの作成時期に関係なく投票できます。
voters-account-age = 投票するには、アカウントの作成から{ $age }以上経っている必要があります。
voters-time-in-server-any = メンバーはサーバーに参加してすぐ投票できます。
voters-time-in-server = 投票するには、サーバーに参加してから{ $time }以上経っている必要があります。
voters-role-any = 投票にロールは必要ありません。
voters-role = { $role }ロールを持つメンバーだけが投票できます。
voters-league-note = リーグの対局では、リーグで定められた期間のほうが長ければ、そちらが適用されます。

voters-refusals-none = このサーバーでは、投票の条件によって受け付けなかった票はありません。
voters-refusals-heading = このサーバーで投票の条件によって受け付けなかった票：
voters-refusals-line = { $rule ->
    [account-age] アカウントが新しすぎる
    [time-in-server] サーバーに参加してからの期間が短すぎる
   *[role] 必要なロールがない
}：{ $count }票
