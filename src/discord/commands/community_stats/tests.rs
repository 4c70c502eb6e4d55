//! The two replies as members read them, in each language.

use super::*;

fn figures(ballots: u32, became_move: u32, judged: u32, matched_engine: u32) -> VoteFigures {
    VoteFigures {
        ballots,
        became_move,
        judged,
        matched_engine,
    }
}

#[test]
fn a_members_figures_say_what_each_number_counts() {
    let votes = MemberVotes {
        figures: figures(12, 9, 10, 5),
        streak: 3,
        suggested: 4,
        adopted: 1,
    };
    insta::assert_snapshot!(stats_text(Lang::En, "<@7>", &votes), @r"
    What <@7>'s votes did in this server's community games:
    Voted in 12 ballots; the community played their vote in 9 of them.
    My reviews weighed a choice in 10 of those ballots, and their vote was the move I judged best in 5.
    Current streak: they voted in each of this server's latest 3 ballots.
    Suggestions: 4 moves, and the community played 1 of them.
    ");
    insta::assert_snapshot!(stats_text(Lang::Es, "<@7>", &votes), @r"
    Lo que hicieron los votos de <@7> en las partidas comunitarias de este servidor:
    Votó en 12 votaciones; la comunidad jugó su voto en 9 de ellas.
    Mis análisis valoraron una elección en 10 de esas votaciones, y su voto fue el movimiento que consideré mejor en 5.
    Racha actual: votó en cada una de las últimas 3 votaciones de este servidor.
    Sugerencias: 4 movimientos, y la comunidad jugó 1 de ellos.
    ");
    insta::assert_snapshot!(stats_text(Lang::Ja, "<@7>", &votes), @r"
    このサーバーのコミュニティ対局での<@7>の投票成績です。
    12回の投票に参加し、そのうち9回は採用された投票でした。
    私の振り返りで選択を判定した10回のうち、5回は私が最善と判断した手への投票でした。
    現在の連続投票：このサーバーの最新の投票まで3回続けて参加しています。
    提案：4手、そのうち1手がコミュニティに採用されました。
    ");
}

#[test]
fn ballots_without_a_review_and_a_broken_streak_are_said_plainly() {
    let votes = MemberVotes {
        figures: figures(1, 0, 0, 0),
        streak: 0,
        ..MemberVotes::default()
    };
    insta::assert_snapshot!(stats_text(Lang::En, "<@7>", &votes), @r"
    What <@7>'s votes did in this server's community games:
    Voted in 1 ballot; the community played their vote in 0 of them.
    None of those ballots has a figure from my reviews yet: I review a game when it ends, and only moves and games reviewed before these figures were kept have none.
    Current streak: none, as they did not vote in this server's latest ballot.
    Suggestions: none yet.
    ");
    assert_eq!(
        stats_text(Lang::En, "<@7>", &MemberVotes::default()),
        "<@7> has not voted in a ballot of this server's community games yet."
    );
}

#[test]
fn the_ranking_names_its_order_and_its_period() {
    let ranking = VoterRanking {
        since: Some(1_790_812_800_000),
        voters: vec![
            VoterFigures {
                voter: "7".into(),
                figures: figures(12, 9, 10, 5),
            },
            VoterFigures {
                voter: "8".into(),
                figures: figures(1, 1, 0, 0),
            },
        ],
    };
    insta::assert_snapshot!(voters_text(Lang::En, VotersPeriod::Season, &ranking), @r"
    This season's voters (the calendar quarter since <t:1790812800:D>) in this server's community games, ranked by ballots voted, then by votes the community played, then by votes that were the move I judged best:
    1. <@7>: 12 ballots, 9 played by the community, 5 of 10 the move I judged best
    2. <@8>: 1 ballot, 1 played by the community, none reviewed yet
    Only ballots my post-game reviews weighed count against my best move: not those of games still being played, of only moves, or of games reviewed before these figures were kept.
    ");
    insta::assert_snapshot!(voters_text(Lang::Es, VotersPeriod::Month, &ranking), @r"
    Quienes votaron este mes (desde el <t:1790812800:D>) en las partidas comunitarias de este servidor, por votaciones en las que votaron, luego por votos que jugó la comunidad y luego por votos que fueron el movimiento que consideré mejor:
    1. <@7>: 12 votaciones, 9 votos jugados por la comunidad, 5 de 10 con el movimiento que consideré mejor
    2. <@8>: 1 votación, 1 voto jugado por la comunidad, ninguno analizado todavía
    Solo cuentan frente a mi mejor movimiento las votaciones que valoraron mis análisis al terminar cada partida: no las de partidas aún en juego, las de un único movimiento posible ni las de partidas analizadas antes de que se guardaran estas cifras.
    ");
    insta::assert_snapshot!(voters_text(Lang::Ja, VotersPeriod::AllTime, &VoterRanking { since: None, ..ranking }), @r"
    これまでのこのサーバーのコミュニティ対局でのメンバーの投票成績です。投票した回数、採用された投票の数、私が最善と判断した手への投票の数の順に並べています。
    1. <@7>：投票12回、採用9回、判定10回中5回が最善手
    2. <@8>：投票1回、採用1回、振り返りの判定なし
    最善手との一致に数えるのは、終局後の振り返りで判定した投票だけです。対局中の投票、一択の決定、この成績を記録する前に振り返った対局の投票は含みません。
    ");
    let empty = VoterRanking {
        since: None,
        voters: Vec::new(),
    };
    assert_eq!(
        voters_text(Lang::En, VotersPeriod::AllTime, &empty),
        "Nobody has voted in this server's community games yet."
    );
}

#[test]
fn managers_read_the_votes_each_voter_rule_refused() {
    let counts = [(VoterRule::AccountAge, 1), (VoterRule::TimeInServer, 12)];
    insta::assert_snapshot!(refusals_text(Lang::En, &counts), @r"
    Votes the voter rules refused in this server:
    - Account too new: 1 vote
    - Too short a time in the server: 12 votes
    ");
    insta::assert_snapshot!(refusals_text(Lang::Es, &counts), @r"
    Votos rechazados por las reglas de voto en este servidor:
    - Cuenta demasiado nueva: 1 voto
    - Demasiado poco tiempo en el servidor: 12 votos
    ");
    insta::assert_snapshot!(refusals_text(Lang::Ja, &counts), @r"
    このサーバーで投票の条件によって受け付けなかった票：
    - アカウントが新しすぎる：1票
    - サーバーに参加してからの期間が短すぎる：12票
    ");
    assert_eq!(
        refusals_text(Lang::En, &[]),
        "The voter rules have refused no votes in this server."
    );
}
