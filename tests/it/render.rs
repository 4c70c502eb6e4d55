//! The `render` and `replay` commands end to end: files written, and bad
//! input refused with exit code 2 and one line.

use crate::support::terminal::output_of;

#[test]
fn render_writes_a_png_with_marks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("board.png");
    let output = output_of(&[
        "render",
        "space-checkers",
        "--position",
        "A11,A1,A2,A4/A7,A8,A9,B7 w 10",
        "--last-move",
        "A1-B6xB7",
        "--mark-moves",
        "A7-B10,A9-B10",
        "--size",
        "256",
        "--out",
        out.to_str().expect("utf-8 path"),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&out).expect("the PNG was written");
    let image = image::load_from_memory(&bytes).expect("a PNG");
    assert_eq!((image.width(), image.height()), (256, 256));
}

#[test]
fn render_refuses_an_illegal_last_move_with_exit_2() {
    let output = output_of(&[
        "render",
        "space-checkers",
        "--last-move",
        "A1-B6",
        "--out",
        "/nonexistent/x.png",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("A1-B6"), "{stderr}");
}

#[test]
fn replay_writes_a_gif_and_refuses_a_bad_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("game.json");
    std::fs::write(
        &record,
        r#"{"game":"space-checkers","start":"A11,A12,A1,A2/A5,A6,A7,A8 w 0","moves":["A1-B1","A5-B5"]}"#,
    )
    .expect("write record");
    let out = dir.path().join("game.gif");
    let run = |record: &std::path::Path| {
        output_of(&[
            "replay",
            record.to_str().expect("utf-8"),
            "--size",
            "256",
            "--out",
            out.to_str().expect("utf-8"),
        ])
    };
    let output = run(&record);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        std::fs::read(&out)
            .expect("the GIF was written")
            .starts_with(b"GIF89a")
    );

    std::fs::write(
        &record,
        r#"{"game":"space-checkers","start":"A11,A12,A1,A2/A5,A6,A7,A8 w 0","moves":["A1-B6"]}"#,
    )
    .expect("write record");
    let output = run(&record);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("move 1"));
}
