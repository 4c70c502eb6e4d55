# 対局が終わった理由。「対局終了：…。」などに埋め込む節なので、句点は付けない。
# $seat・$winner・$loser はルール上の陣営名（common.ftl の `seat`）、
# $player は人の名前。
end-all-captured = { $winner ->
    [light] ライト
   *[dark] ダーク
}が{ $loser ->
    [light] ライト
   *[dark] ダーク
}のクリーチャーをすべて取りました
end-no-capture-last-creature = { seat-subject }は最後の1体のクリーチャーで3手番続けて相手を取れませんでした
end-no-capture-sudden-death = { seat-subject }はサドンデス中に3手番続けて相手を取れませんでした
end-no-legal-move = { seat-subject }に指せる手がありません
end-no-monsters-left = { seat-subject }のクリーチャーが全滅しました
end-duel-won = { seat-subject }が最後の決闘に勝ちました
end-undecidable-duel = 残った2体のクリーチャーはどちらも決闘に勝てません
end-decision-limit = 決定の回数が上限の{ $limit }回に達しました
end-move-limit = 手数が上限の{ $limit }手に達しました
end-inner-row = { seat-subject }の駒がすべて内側の軌道に一列に並びました
end-half-pieces-lost = { seat-subject }が駒の半分を失いました
end-every-rival-eliminated = { seat-subject }がほかの陣営をすべて倒しました
end-quiet-turns = { $turns }手のあいだ誰も倒れなかったため、残っている陣営どうしの引き分けです
end-every-side-encircled = 一手で残っているすべての陣営の首領が包囲されたため、引き分けです
end-resigned = { $player }が投了しました
end-out-of-time = { $player }が時間切れになりました
# コミュニティどうしの対局。$seat はそのコミュニティが持っていた陣営。
end-community-resigned = { seat }を持つコミュニティが投了しました
end-community-out-of-time = { seat }を持つコミュニティが時間切れになりました
