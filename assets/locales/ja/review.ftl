# コミュニティ対局の終局後に投稿する振り返り。$verdict は forced, best,
# good, inaccuracy, mistake, blunder のいずれか。
verdict = { $verdict ->
    [forced] 一択
    [best] 最善手
    [good] 好手
    [inaccuracy] 疑問手
    [mistake] 悪手
   *[blunder] 大悪手
}
review-nothing = この{ $game }の対局には振り返る決定がありません。コミュニティは一度も手を決めませんでした。
review-heading = この{ $game }の対局で{ $seats }を持ったコミュニティの決定を振り返ります。
review-accuracy = { $judged }回の決定のうち{ $accurate }回が最善手か好手でした（正確さ{ $percent }%）{ $forced ->
    [0] 。
   *[other] 。一択だった{ $forced }回は数えていません。
}
review-all-forced = すべての決定が一択（{ $forced }回）で、選ぶ余地はありませんでした。
review-verdict-count = { verdict }{ $count }回
review-verdicts = 内訳：{ $counts }。
review-turning-point = 分かれ目は{ $move }手目でした。コミュニティは{ $played }を指しましたが、私なら{ $preferred }を指しました。その手に投票したのは{ $voters }人中{ $for_preferred }人でした。
review-no-turning-point = 悪手ほど損をした決定はありませんでした。
review-close-voter = { $member }（{ $voted }票中{ $matched }票）
review-closest = 私の選択に最も近い投票をしたメンバー：{ $members }。
review-decision = { $move }手目の{ $played }：{ verdict }{ $same ->
    [yes] {""}
   *[no] （私なら{ $preferred }）
}
review-rest-not-listed = 載せていない決定は、最善手か好手、または一択でした。
review-turnout = コミュニティの{ $ballots }回の投票に、{ $voters }人のメンバーが投票しました。
review-agreed-item = { $number }手目の{ $played }（{ $member }）
review-agreed = 私の選択と同じだった提案{ $count }件：{ $suggestions }。
