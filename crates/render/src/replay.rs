//! Animated GIF replays: one frame per position, each encoding only the
//! rectangle that changed since the previous one, with unchanged pixels in
//! it set to the transparent index so they compress to nothing. All frames
//! share the renderer's palette as the global colour table.

use super::frame::Frame;
use super::overlay::Overlay;
use super::palette::TRANSPARENT;
use super::renderer::Renderer;
use holotable_games::{GameRecord, ReplayError};
use holotable_i18n::Lang;
use std::borrow::Cow;

/// How long each position shows, in hundredths of a second.
const PLY_DELAY: u16 = 90;
/// The final position is held so the result can be read before the loop.
const LAST_DELAY: u16 = 400;

/// Renders every position of `record` (the last move marked on each) as a
/// looping GIF of `size` pixels (clamped to [`SIZES`](super::SIZES)), its
/// captions in `lang`.
///
/// # Errors
/// When the record does not replay: a bad start or an illegal move.
pub fn replay_gif(record: &GameRecord, size: u32, lang: Lang) -> Result<Vec<u8>, ReplayError> {
    let positions = record.positions()?;
    let renderer = Renderer::get(record.game, size);
    let side = renderer.size() as u16;
    let mut encoder = gif::Encoder::new(Vec::new(), side, side, &renderer.palette().gif_bytes())
        .expect("writing a GIF header to memory cannot fail");
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .expect("writing to memory cannot fail");
    let (mut previous, mut current) = (Frame::default(), Frame::default());
    let mut patch = Vec::new();
    for (index, position) in positions.iter().enumerate() {
        let plain = Overlay::new(size).with_lang(lang);
        let overlay = match index.checked_sub(1) {
            None => plain,
            Some(before) => plain
                .with_last_move(&positions[before], &record.moves[before])
                .expect("positions() has already played this move here"),
        };
        renderer.render(position, &overlay, &mut current);
        let delay = if index + 1 == positions.len() {
            LAST_DELAY
        } else {
            PLY_DELAY
        };
        let frame = if index == 0 {
            gif::Frame {
                width: side,
                height: side,
                buffer: Cow::Borrowed(current.pixels()),
                delay,
                ..gif::Frame::default()
            }
        } else {
            let (left, top, width, height) =
                changed_rect(&previous, &current).unwrap_or((0, 0, 1, 1));
            patch.clear();
            for y in top..top + height {
                let row = y * current.width;
                let (old, new) = (
                    &previous.pixels[row + left..row + left + width],
                    &current.pixels[row + left..row + left + width],
                );
                patch.extend(
                    old.iter()
                        .zip(new)
                        .map(|(&o, &n)| if o == n { TRANSPARENT } else { n }),
                );
            }
            gif::Frame {
                left: left as u16,
                top: top as u16,
                width: width as u16,
                height: height as u16,
                buffer: Cow::Borrowed(&patch),
                transparent: Some(TRANSPARENT),
                delay,
                ..gif::Frame::default()
            }
        };
        encoder
            .write_frame(&frame)
            .expect("writing to memory cannot fail");
        std::mem::swap(&mut previous, &mut current);
    }
    Ok(encoder.into_inner().expect("writing to memory cannot fail"))
}

/// The bounding box (left, top, width, height) of the pixels that differ.
fn changed_rect(old: &Frame, new: &Frame) -> Option<(usize, usize, usize, usize)> {
    let width = new.width;
    let rows = |y: &usize| {
        old.pixels[y * width..(y + 1) * width] != new.pixels[y * width..(y + 1) * width]
    };
    let top = (0..new.height).find(rows)?;
    let bottom = (0..new.height).rev().find(rows)?;
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (a, b) = (
            &old.pixels[y * width..(y + 1) * width],
            &new.pixels[y * width..(y + 1) * width],
        );
        if let Some(first) = a.iter().zip(b).position(|(p, q)| p != q) {
            left = left.min(first);
            let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(first);
            right = right.max(last);
        }
    }
    Some((left, top, right + 1 - left, bottom + 1 - top))
}
