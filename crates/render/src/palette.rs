//! The palette of one renderer: at most 255 colours chosen once, at start-up,
//! from the pre-drawn images, and the lookups from RGB to palette index.
//!
//! Indexed images are what makes requests cheap: a frame is one byte per
//! pixel, the PNG and GIF encoders work on a third of the data of RGB, and
//! flat regions compress to almost nothing. Index 255 is never a colour, so
//! GIF frames can use it for "unchanged".

use super::theme::Rgb;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

/// The index GIF frames use for pixels that did not change.
pub const TRANSPARENT: u8 = 255;

/// 5 bits per channel: a nearest-colour table of 32K entries, fine enough
/// for the anti-aliased edges that use it.
const BUCKETS: usize = 1 << 15;

fn bucket(rgb: Rgb) -> usize {
    (usize::from(rgb[0] >> 3) << 10) | (usize::from(rgb[1] >> 3) << 5) | usize::from(rgb[2] >> 3)
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    // Weighted towards green as the eye is; cheap and good enough to pick
    // between colours that are all already close.
    let d = |i: usize, w: i32| {
        let x = i32::from(a[i]) - i32::from(b[i]);
        (w * x * x) as u32
    };
    d(0, 2) + d(1, 4) + d(2, 3)
}

/// How often each colour bucket occurs in the pre-drawn images.
pub struct Histogram {
    counts: Vec<u64>,
    sums: Vec<[u64; 3]>,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            counts: vec![0; BUCKETS],
            sums: vec![[0; 3]; BUCKETS],
        }
    }
}

impl Histogram {
    /// Counts each of `pixels` once (a run of one colour in one step).
    pub fn add_all(&mut self, pixels: &[Rgb]) {
        for run in pixels.chunk_by(|a, b| a == b) {
            self.add(run[0], run.len() as u64);
        }
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &Histogram) {
        for (count, more) in self.counts.iter_mut().zip(&other.counts) {
            *count += more;
        }
        for (sum, more) in self.sums.iter_mut().zip(&other.sums) {
            for (channel, add) in sum.iter_mut().zip(more) {
                *channel += add;
            }
        }
    }

    pub fn add(&mut self, rgb: Rgb, weight: u64) {
        let b = bucket(rgb);
        self.counts[b] += weight;
        for (sum, channel) in self.sums[b].iter_mut().zip(rgb) {
            *sum += u64::from(channel) * weight;
        }
    }
}

pub struct Palette {
    colours: Vec<Rgb>,
    /// Per bucket its nearest colour, or [`TRANSPARENT`] until first
    /// looked up: a 1024 px board with marks blends with under a thousand
    /// of the 32K buckets, and filling them all ahead is 8 million
    /// distances. Two threads filling one bucket store the same.
    nearest: Box<[AtomicU8]>,
}

impl Palette {
    /// The `reserved` colours exactly (the theme: pieces and markers must
    /// come out true), then the most frequent other colours of `histogram`,
    /// skipping near-duplicates so the gradients of the glow get the room.
    /// Takes the histogram to let its megabyte go before the images are
    /// quantised.
    pub fn build(reserved: &[Rgb], histogram: Histogram) -> Palette {
        let mut colours: Vec<Rgb> = Vec::with_capacity(255);
        for &colour in reserved {
            if !colours.contains(&colour) {
                colours.push(colour);
            }
        }
        let mut popular: Vec<(u64, Rgb)> = histogram
            .counts
            .iter()
            .zip(&histogram.sums)
            .filter(|(count, _)| **count > 0)
            .map(|(&count, sum)| (count, sum.map(|s| (s / count) as u8)))
            .collect();
        popular.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, colour) in popular {
            if colours.len() == usize::from(TRANSPARENT) {
                break;
            }
            if colours.iter().all(|&c| distance(c, colour) > 27) {
                colours.push(colour);
            }
        }
        Palette {
            colours,
            nearest: (0..BUCKETS).map(|_| AtomicU8::new(TRANSPARENT)).collect(),
        }
    }

    /// The closest palette entry, searched in full (for drawing ahead).
    pub fn exact(&self, rgb: Rgb) -> u8 {
        let (index, _) = self
            .colours
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| distance(**c, rgb))
            .expect("a palette has the theme colours");
        index as u8
    }

    /// The closest palette entry to `rgb`'s bucket by table lookup, for
    /// blends at request time.
    pub fn approx(&self, rgb: Rgb) -> u8 {
        let b = bucket(rgb);
        match self.nearest[b].load(Ordering::Relaxed) {
            TRANSPARENT => {
                let centre =
                    [(b >> 10) as u8, (b >> 5) as u8 & 31, b as u8 & 31].map(|c| (c << 3) | 4);
                let index = self.exact(centre);
                self.nearest[b].store(index, Ordering::Relaxed);
                index
            }
            index => index,
        }
    }

    pub fn rgb(&self, index: u8) -> Rgb {
        self.colours[usize::from(index)]
    }

    /// `ink` at opacity `alpha` over the palette colour `ground`.
    pub fn blend(&self, ground: u8, ink: Rgb, alpha: u8) -> u8 {
        let t = f32::from(alpha) / 255.0;
        self.approx(super::theme::mix(self.rgb(ground), ink, t))
    }

    /// The colours as PNG's PLTE wants them: RGB triples, only those used.
    pub fn png_bytes(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The colours as a full 256-entry GIF table; the last is [`TRANSPARENT`].
    pub fn gif_bytes(&self) -> Vec<u8> {
        let mut bytes = self.png_bytes();
        bytes.resize(256 * 3, 0);
        bytes
    }
}

/// Exact RGB → index conversion with a memo, for quantising the pre-drawn
/// images (millions of pixels, a few thousand distinct colours).
pub struct Quantiser<'a> {
    palette: &'a Palette,
    memo: HashMap<Rgb, u8>,
}

impl<'a> Quantiser<'a> {
    pub fn new(palette: &'a Palette) -> Self {
        Quantiser {
            palette,
            memo: HashMap::new(),
        }
    }

    pub fn index(&mut self, rgb: Rgb) -> u8 {
        *self
            .memo
            .entry(rgb)
            .or_insert_with(|| self.palette.exact(rgb))
    }
}
