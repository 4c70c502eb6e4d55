//! The two layouts' names and neighbours, against the seeds' wording.

use super::*;

type Orbital = Square<OneCentre>;
type Holo = Square<FourCentres>;

fn names<L: Layout>() -> Vec<String> {
    Square::<L>::all().map(|sq| sq.to_string()).collect()
}

fn neighbour_names<L: Layout>(square: &str) -> Vec<String> {
    let square: Square<L> = square.parse().expect("test square");
    square
        .neighbours()
        .iter()
        .map(|sq| sq.to_string())
        .collect()
}

#[test]
fn every_name_parses_back_to_its_square() {
    for (index, name) in names::<OneCentre>().iter().enumerate() {
        assert_eq!(name.parse::<Orbital>().map(Square::index), Ok(index));
    }
    for (index, name) in names::<FourCentres>().iter().enumerate() {
        assert_eq!(name.parse::<Holo>().map(Square::index), Ok(index));
    }
    assert_eq!(names::<OneCentre>().last().map(String::as_str), Some("C"));
    assert_eq!(names::<FourCentres>()[24..], ["C1", "C2", "C3", "C4"]);
}

#[test]
fn names_outside_the_layout_are_refused_with_its_own_list() {
    for bad in ["C1", "A13", "A0", "A01", "A+5", "M1", "", "B"] {
        let error = bad.parse::<Orbital>().expect_err(bad);
        assert_eq!(error.expected, "A1..A12, B1..B12 or C", "{bad}");
    }
    for bad in ["C", "C5", "O13", "A1", "M05"] {
        assert!(bad.parse::<Holo>().is_err(), "{bad}");
    }
    assert_eq!(
        "Z9".parse::<Holo>().expect_err("no ring Z").to_string(),
        "\"Z9\" is not a square; expected O1..O12, M1..M12 or C1..C4"
    );
    assert_eq!(
        "b12".parse::<Orbital>().map(|sq| sq.to_string()),
        Ok("B12".into())
    );
}

#[test]
fn neighbours_follow_the_rings_and_the_rays() {
    assert_eq!(neighbour_names::<OneCentre>("A1"), ["A2", "A12", "B1"]);
    assert_eq!(
        neighbour_names::<OneCentre>("B12"),
        ["A12", "B1", "B11", "C"]
    );
    assert_eq!(Orbital::CORE.neighbours().len(), 12);
    assert_eq!(
        neighbour_names::<FourCentres>("M3"),
        ["O3", "M2", "M4", "C1"]
    );
    assert_eq!(
        neighbour_names::<FourCentres>("C1"),
        ["M1", "M2", "M3", "C2", "C4"]
    );
}

#[test]
fn neighbourhood_is_symmetric() {
    fn check<L: Layout>() {
        for a in Square::<L>::all() {
            assert!(!a.neighbours().contains(a), "{a}");
            for b in a.neighbours().iter() {
                assert!(b.neighbours().contains(a), "{a} {b}");
            }
        }
    }
    check::<OneCentre>();
    check::<FourCentres>();
}

#[test]
fn each_centre_square_joins_consecutive_rays() {
    for ray in 1..=12 {
        assert_eq!(Orbital::centre_of_ray(ray), Orbital::CORE);
        let centre = Holo::centre_of_ray(ray);
        let first = Holo::first_ray_of_centre(i32::from(centre.number()));
        assert!((first..first + 3).contains(&ray), "ray {ray} -> {centre}");
    }
}

#[test]
fn sets_keep_the_squares_put_in() {
    let set = SquareSet::<OneCentre>::EMPTY
        .with(Orbital::outer(3))
        .with(Orbital::CORE);
    assert_eq!(set.len(), 2);
    assert_eq!(
        set.iter().collect::<Vec<_>>(),
        [Orbital::outer(3), Orbital::CORE]
    );
    assert_eq!(set - set, SquareSet::EMPTY);
    assert_eq!((set | set) & set, set);
    assert_eq!(set.without(Orbital::CORE).0, Orbital::outer(3).bit());
    assert_eq!(
        SquareSet::<OneCentre>::EMPTY
            .with(Orbital::middle(1))
            .middle_mask(),
        1
    );
}
