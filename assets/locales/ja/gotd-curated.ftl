# 今日のゲーマー：厳選リスト（id は assets/gotd/*.json）。
# キャラクター名と作品名は日本での公式表記、豆知識はトルーパーST-3V3の口調です。

gotd-character-padme-amidala-name = パドメ・アミダラ
gotd-character-padme-amidala-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-padme-amidala-blurb = 元老院議員にして女王。どのホロ盤でもいちばん落ち着いた声の持ち主で、盤面を元老院の議場のように読み解きます。

gotd-character-chewbacca-name = チューバッカ
gotd-character-chewbacca-from = 『スター・ウォーズ 新たなる希望』
gotd-character-chewbacca-blurb = 負けても紳士的なことで有名です。ええ、有名ですとも。ウーキーには勝たせてあげましょう。

gotd-character-r2-d2-name = R2-D2
gotd-character-r2-d2-from = 『スター・ウォーズ 新たなる希望』
gotd-character-r2-d2-blurb = ファルコン号のホロ盤で序盤の手をすべて計算し尽くしたのに、C-3POの手には今も失礼な電子音を鳴らします。

gotd-character-c-3po-name = C-3PO
gotd-character-c-3po-from = 『スター・ウォーズ 新たなる希望』
gotd-character-c-3po-blurb = 600万以上のコミュニケーション手段に精通しています。負けた対局を礼儀正しく認める言い回しも、もちろんその一つです。

gotd-character-han-solo-name = ハン・ソロ
gotd-character-han-solo-from = 『スター・ウォーズ 新たなる希望』
gotd-character-han-solo-blurb = 逆転の確率は絶対に教えないでください。どうせ挑みますし、ときどき本当に逆転します。

gotd-character-leia-organa-name = レイア・オーガナ
gotd-character-leia-organa-from = 『スター・ウォーズ 帝国の逆襲』
gotd-character-leia-organa-blurb = 盤上では3手先を、反乱同盟では5手先を読んでいます。

gotd-character-luke-skywalker-name = ルーク・スカイウォーカー
gotd-character-luke-skywalker-from = 『スター・ウォーズ ジェダイの帰還』
gotd-character-luke-skywalker-blurb = ダゴバで忍耐を学びました。その忍耐は、ほとんど相手の手番を待つのに使っています。

gotd-character-obi-wan-kenobi-name = オビ＝ワン・ケノービ
gotd-character-obi-wan-kenobi-from = 『スター・ウォーズ シスの復讐』
gotd-character-obi-wan-kenobi-blurb = どの盤でも有利な高い位置を押さえ、そのことをきっちり指摘してきます。

gotd-character-ahsoka-tano-name = アソーカ・タノ
gotd-character-ahsoka-tano-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-ahsoka-tano-blurb = 速く大胆に指し、こちらが思っているより、いつも駒取り2回ぶん先を行っています。

gotd-character-anakin-skywalker-name = アナキン・スカイウォーカー
gotd-character-anakin-skywalker-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-anakin-skywalker-blurb = 序盤は見事、中盤は無謀。終盤が退屈だと言える人はいません。

gotd-character-captain-rex-name = キャプテン・レックス
gotd-character-captain-rex-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-captain-rex-blurb = 投票のたびにブリーフィングのように臨みます。目標は明確、無駄な手はひとつもありません。

gotd-character-hera-syndulla-name = ヘラ・シンドゥーラ
gotd-character-hera-syndulla-from = 『スター・ウォーズ 反乱者たち』
gotd-character-hera-syndulla-blurb = ゴースト号もホロ盤も、同じ落ち着いた手さばきで操ります。

gotd-character-kanan-jarrus-name = ケイナン・ジャラス
gotd-character-kanan-jarrus-from = 『スター・ウォーズ 反乱者たち』
gotd-character-kanan-jarrus-blurb = 盤を見なくても盤面のすべてが見えることを証明しました。

gotd-character-ezra-bridger-name = エズラ・ブリッジャー
gotd-character-ezra-bridger-from = 『スター・ウォーズ 反乱者たち』
gotd-character-ezra-bridger-blurb = 最初はテーブルから駒を盗んでいました。今では正々堂々と勝ち取っています。

gotd-character-sabine-wren-name = サビーヌ・レン
gotd-character-sabine-wren-from = 『スター・ウォーズ 反乱者たち』
gotd-character-sabine-wren-blurb = 対局の前には必ず自分の駒を塗り直します。本人いわく、これも戦略だそうです。

gotd-character-zeb-orrelios-name = ゼブ・オレリオス
gotd-character-zeb-orrelios-from = 『スター・ウォーズ 反乱者たち』
gotd-character-zeb-orrelios-blurb = ラサン随一の戦士ですが、小さなホログラムのクリーチャーには意外なほど優しく接します。

gotd-character-chopper-name = チョッパー
gotd-character-chopper-from = 『スター・ウォーズ 反乱者たち』
gotd-character-chopper-blurb = マニピュレーターアームで盤をこっそり動かしたと疑われています。現場を押さえられたことは一度もありません。

gotd-character-omega-name = オメガ
gotd-character-omega-from = 『スター・ウォーズ：バッド・バッチ』
gotd-character-omega-blurb = 一度テックにデジャリックで勝ったことがあり、その話はマローダー号じゅうに知れ渡りました。

gotd-character-hunter-name = ハンター
gotd-character-hunter-from = 『スター・ウォーズ：バッド・バッチ』
gotd-character-hunter-blurb = ポーカーもサバックもジン・ラミーも禁止されました。ホロチェスは、今のところまだ許されています。

gotd-character-tech-name = テック
gotd-character-tech-from = 『スター・ウォーズ：バッド・バッチ』
gotd-character-tech-blurb = 指せる手をすべて声に出して数えます。ひとつ残らず。

gotd-character-wrecker-name = レッカー
gotd-character-wrecker-from = 『スター・ウォーズ：バッド・バッチ』
gotd-character-wrecker-blurb = ホロ盤をひっくり返したことは一度もありません。ホログラムはひっくり返しにくいのです。

gotd-character-echo-name = エコー
gotd-character-echo-from = 『スター・ウォーズ：バッド・バッチ』
gotd-character-echo-blurb = 第501大隊でゲームを覚えました。賭けるのは配給のレーションバーでした。

gotd-character-cassian-andor-name = キャシアン・アンドー
gotd-character-cassian-andor-from = 『キャシアン・アンドー』
gotd-character-cassian-andor-blurb = 辛抱強く物静かで、誰も予想しなかった作戦まで、いつもあと一手のところにいます。

gotd-character-jyn-erso-name = ジン・アーソ
gotd-character-jyn-erso-from = 『ローグ・ワン／スター・ウォーズ・ストーリー』
gotd-character-jyn-erso-blurb = 危ない駒取りでも毎回迷わず狙います。反乱は希望の上に成り立つのです。

gotd-character-k-2so-name = K-2SO
gotd-character-k-2so-from = 『ローグ・ワン／スター・ウォーズ・ストーリー』
gotd-character-k-2so-blurb = あなたの勝率を教えてくれます。聞いて楽しい数字ではありません。

gotd-character-chirrut-imwe-name = チアルート・イムウェ
gotd-character-chirrut-imwe-from = 『ローグ・ワン／スター・ウォーズ・ストーリー』
gotd-character-chirrut-imwe-blurb = フォースと一体で、フォースは彼の駒と共にあります。

gotd-character-din-djarin-name = ディン・ジャリン
gotd-character-din-djarin-from = 『マンダロリアン』
gotd-character-din-djarin-blurb = 対局中は口数が少なめです。これが我らの道。

gotd-character-grogu-name = グローグー
gotd-character-grogu-from = 『マンダロリアン』
gotd-character-grogu-blurb = 誰も見ていないと、取った駒を食べてしまいます。50歳ですが、まだ勉強中です。

gotd-character-bo-katan-kryze-name = ボ＝カターン・クライズ
gotd-character-bo-katan-kryze-from = 『マンダロリアン』
gotd-character-bo-katan-kryze-blurb = 盤の中央を取り戻すために戦い、たいていは成功します。

gotd-character-cara-dune-name = キャラ・デューン
gotd-character-cara-dune-from = 『マンダロリアン』
gotd-character-cara-dune-blurb = ネヴァロの保安官で、ハウスルールにはとても厳しい人です。

gotd-character-lando-calrissian-name = ランド・カルリジアン
gotd-character-lando-calrissian-from = 『スター・ウォーズ 帝国の逆襲』
gotd-character-lando-calrissian-blurb = たった一局にファルコン号を賭けます。実際に失ったこともあります。

gotd-character-qi-ra-name = キーラ
gotd-character-qi-ra-from = 『ハン・ソロ／スター・ウォーズ・ストーリー』
gotd-character-qi-ra-blurb = 対局の始まりと終わりに微笑みます。そのうち友好的なのは片方だけです。

gotd-character-rey-name = レイ
gotd-character-rey-from = 『スター・ウォーズ フォースの覚醒』
gotd-character-rey-blurb = ガラクタの山から役に立つ駒をひとつ見つけ出す、スカベンジャーの目を持っています。

gotd-character-finn-name = フィン
gotd-character-finn-from = 『スター・ウォーズ フォースの覚醒』
gotd-character-finn-blurb = 一度だけ寝返りました。それが彼の人生最高の一手でした。

gotd-character-poe-dameron-name = ポー・ダメロン
gotd-character-poe-dameron-from = 『スター・ウォーズ フォースの覚醒』
gotd-character-poe-dameron-blurb = 攻撃的に指し始め、あとで謝り、それで許されるくらいにはよく勝ちます。

gotd-character-bb-8-name = BB-8
gotd-character-bb-8-from = 『スター・ウォーズ フォースの覚醒』
gotd-character-bb-8-blurb = 負けているほうを応援しながら、ホロ盤のまわりを転がり回ります。

gotd-character-rose-tico-name = ローズ・ティコ
gotd-character-rose-tico-from = 『スター・ウォーズ 最後のジェダイ』
gotd-character-rose-tico-blurb = 憎い駒を取るより、愛する駒を守ります。

gotd-character-kuiil-name = クイール
gotd-character-kuiil-from = 『マンダロリアン』
gotd-character-kuiil-blurb = 以上だ。対局は終わりました。いい対局でした。

gotd-character-cad-bane-name = キャド・ベイン
gotd-character-cad-bane-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-cad-bane-blurb = 駒を取るたびに料金を請求します。喜んで払った人はいません。

gotd-character-plo-koon-name = プロ・クーン
gotd-character-plo-koon-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-plo-koon-blurb = 自分の駒に優しく、対戦相手にはもっと優しい。それでも勝ちます。

gotd-character-kit-fisto-name = キット・フィストー
gotd-character-kit-fisto-from = 『スター・ウォーズ/クローン・ウォーズ』
gotd-character-kit-fisto-blurb = 勝っていても負けていても、一手ごとに笑顔です。たいていは勝っています。

gotd-character-doctor-aphra-name = ドクター・アフラ
gotd-character-doctor-aphra-from = コミック『スター・ウォーズ』
gotd-character-doctor-aphra-blurb = 自分の発掘品にはデジャリックの元祖の駒が含まれていると言い張っています。たぶん違います。

gotd-fact-monster-names = デジャリックの盤上のクリーチャーには一体ずつ名前があり、私は全部覚えました。それでも小さな緑のやつのことは「相棒」と呼んでいます。
gotd-fact-holotables-are-old = ホロ盤は共和国より古いのです。盤上のクリーチャーの中には、ホロ盤より古いものもいます。どういう仕組みなのかは聞かないでください。
gotd-fact-wookiee-rule = ホロ盤の第一のルール：ウーキーには勝たせること。第二のルール：第一のルールを参照のこと。
gotd-fact-no-peeking = 私のヘルメットには照準ディスプレイがついています。ホロチェスには役に立ちません。確かめました。
gotd-fact-space-checkers-core = スペースチェッカーでは、中央のコアだけが、どのレイにも属さない唯一のマスです。ひとりぼっちで寂しそうだと思います。
gotd-fact-orbits = スペースチェッカーにはオービット（環）が2つ、レイが12本あります。長い見張り当番のあいだに何度も数えました。
gotd-fact-boosting = スペースチェッカーの駒は、1回の手でブーストを最大3回まで重ねられます。私は一度しか見たことがなく、そのとき大声で喜んだので軍曹に聞こえてしまいました。
gotd-fact-dice-combat = ダイス式のデジャリックでは、ダイスの目に恵まれればホウジックスでも戦いに勝てます。私はホウジックスによく似ています。
gotd-fact-ngok-defence = 盤上で最も防御力が高いのはンゴクです。尊敬しています。私のアーマーは何ひとつ防いだことがありません。
gotd-fact-kintan-strider = ダイス式デジャリックでは、キンタン・ストライダーは3マス動きます。私がふだんの巡回で歩く距離より長いです。
gotd-fact-grimtaash = モレーターのグリムターシュは攻撃力が最も高く、防御は最も苦手です。そういう士官を何人か知っています。
gotd-fact-djambi-necromobile = ジャンビには、死んだ駒をあちこち動かす駒があります。暗くなってからは、ジャンビで遊ばないことにしています。
gotd-fact-djambi-labyrinth = ジャンビの盤の中央は「迷宮」と呼ばれています。そこに止まれるのは首領だけなので、私が入れてもらえることはありません。
gotd-fact-djambi-four-armies = ジャンビは1つの盤に4つの軍が並びます。私がこれまで任されたことのある軍より、3つも多いのです。
gotd-fact-machiavelli = ジャンビは「マキャヴェリのチェス」と呼ばれています。マキャヴェリについて調べてみました。友達にはなれなかったと思います。
gotd-fact-holochess-28 = ホロチェスのバリアントは28マスで、クリーチャーは4タイプです。ダイスがないので、負けたら本当に私のせいです。
gotd-fact-community-white = みなさんが投票するとき、みなさんは白を受け持ちます。私は黒です。ようやく誰にも文句を言われない側に立てて、うれしいです。
gotd-fact-ballot-ties = 投票が同数になったら、私自身の手の順位づけで決めます。公平であるよう努めています。たいていは公平です。
gotd-fact-vote-early = 締め切り前に入れた票は数えられます。締め切り後の票は数えられません。食堂と同じルールです。
gotd-fact-extensions = 誰も投票しなければ、もう少し待ちます。待つのは得意です。じっと立っているのが仕事のほとんどですから。
gotd-fact-engine-levels = 私のエンジンは強さを何段階かに変えられます。いちばん強い設定の私は、実物の私よりずっと賢いです。
gotd-fact-replays = どの対局も、ダイスの目まで含めて一手ずつ記録されるので、リプレイはいつも同じ対局になります。私の勤務シフトもそうだったらいいのですが。
gotd-fact-falcon-table = 銀河でいちばん有名なホロ盤は、ある貨物船に積まれています。その警備に志願しました。まだ返事はありません。
gotd-fact-hologram-flicker = 電力が落ちると、ホログラムのクリーチャーはちらつきます。怖がっているわけではありません。本人たちに聞きました。
gotd-fact-first-move = 私たちのゲームの多くでは、最初の一手がとても重要です。私のキャリアでは、最初の一手が唯一の一手でした。
gotd-fact-captures = スペースチェッカーで駒を取れるのは、斜めに抜けるときだけです。この一文を理解するのに巡回4回分かかりました。
gotd-fact-three-points = スペースチェッカーで完璧に仕上げると3点です。射撃訓練での私の最高記録も3点でした。100点満点中です。
gotd-fact-patience = ホロチェスの秘訣は忍耐です。ストームトルーパーの秘訣も忍耐です。そのうち片方はとても得意です。
gotd-fact-kessel-run = デジャリックの一局は12パーセク未満で終わらせられる、と誰かに言われました。パーセクはそういう単位ではないと思います。
gotd-fact-droid-opponents = ウーキーとの対戦を断るドロイドもいます。そういうドロイドは、腕がちゃんと全部そろっています。
gotd-fact-cantina = 行く価値のある酒場には、どこにもホロ盤があります。なぜかストームトルーパーはどこにもいません。
gotd-fact-monster-feelings = ホログラムのクリーチャーは、取られても痛みを感じません。遊び始める前に確認しました。
gotd-fact-board-rings = 丸い盤にあるのは列ではなく環です。ちゃんと理解するために、1時間ぐるぐる歩き回りました。
gotd-fact-daily-gamer = 私は毎日今日のゲーマーを選んでいます。私が選ばれたことは一度もありませんが、まだ期待しています。
gotd-fact-lucky-dice = ダイス式デジャリックに幸運のダイスはありません。確かめるために、武器庫にあるダイスを全部試しました。
gotd-fact-undo = ホロ盤に「待った」はありません。外した射撃にも「待った」はありません。身をもって知っています。
gotd-fact-audience = 接戦を観るのは、自分で遊ぶのとほとんど同じくらい楽しいです。ほとんど、ですが。私はたいてい観る側です。
gotd-fact-helmet-off = 一度ヘルメットを脱いで遊んだことがあります。それでも負けましたが、盤はずっとよく見えました。
gotd-fact-ranking-moves = 投票のたびに、私は手を最善から最悪まで順位づけします。ときどきみなさんが私の最悪の手を選んで、それでも勝ちます。それが大好きです。
gotd-fact-good-game = 対局のあとは、相手がエンジンでも必ず「いい勝負でした」と言いましょう。むしろエンジンにこそ。ちゃんと覚えていますから。
