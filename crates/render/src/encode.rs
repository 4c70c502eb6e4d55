//! PNG encoding of palette-indexed frames: the hot spot of a request.
//!
//! Measured on the 1024 px start position (numbers in `docs/rendering.md`):
//! filters only hurt palette indices (they are labels, not intensities), so
//! `NoFilter`; fdeflate's ultra-fast mode is 2x faster than zlib level 1 but
//! its fixed codes suit filtered photos, not indices, and the file grows to
//! 190-690 KB; level 2 saves a fifth of the bytes for twice the time. Level
//! 1 keeps the board under 150 KB and the request under 5 ms.

use super::frame::Frame;
use super::palette::Palette;

pub fn png(frame: &Frame, palette: &Palette, out: &mut Vec<u8>) {
    let mut encoder = png::Encoder::new(out, frame.width(), frame.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.png_bytes());
    encoder.set_filter(png::Filter::NoFilter);
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    // Writing into a Vec cannot fail, and the header is built from a frame
    // and palette this module controls.
    let mut writer = encoder.write_header().expect("a valid indexed PNG header");
    writer
        .write_image_data(frame.pixels())
        .expect("the frame has width * height pixels");
    writer.finish().expect("writing to memory cannot fail");
}
