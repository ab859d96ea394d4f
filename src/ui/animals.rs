//! The computer's five levels as animals, drawn by the project: a snail, a bunny, a fox, an owl and a
//! dragon, from the gentlest to the strongest. A child who cannot read the names yet picks a level by
//! its picture and sees the same picture on the computer's side of the board. Beside them, the star a
//! child earns by beating one (see `stars.rs`).

use yew::prelude::*;

/// The picture of a level (1 to 5; anything else draws nothing), `size` pixels square, whatever
/// the size of the words about it: a picture of its own (the winner's disc, the end's row of
/// animals). It is decoration beside the level's name, so screen readers skip it.
pub fn animal(level: u8, size: u32) -> Html {
    drawn(level, size, None)
}

/// The picture of a level, as [`animal`], beside words: `size` pixels square with the browser's
/// usual size of words, and as much bigger as the words are where a grown-up has set a bigger
/// one in the browser's settings. It is what a child who cannot read the words goes by, and it
/// stayed at its size while they grew half as big again.
pub fn beside_words(level: u8, size: u32) -> Html {
    let rem = f64::from(size) / 16.0;
    drawn(level, size, Some(format!("width: {rem}rem; height: {rem}rem")))
}

fn drawn(level: u8, size: u32, style: Option<String>) -> Html {
    let drawing = match level {
        1 => snail(),
        2 => bunny(),
        3 => fox(),
        4 => owl(),
        5 => dragon(),
        _ => return Html::default(),
    };
    html! {
        <svg class="animal" data-level={level.to_string()} viewBox="0 0 40 40" width={size.to_string()}
            height={size.to_string()} {style} aria-hidden="true">
            { drawing }
        </svg>
    }
}

/// A gold star, `size` pixels square: decoration beside words that say what it means.
pub fn star(size: u32) -> Html {
    html! {
        <svg class="star" viewBox="0 0 24 24" width={size.to_string()} height={size.to_string()} aria-hidden="true">
            <path d="M12 1.8 L14.8 9 L22.5 9.4 L16.5 14.3 L18.5 21.7 L12 17.5 L5.5 21.7 L7.5 14.3 L1.5 9.4 L9.2 9 Z"
                fill="#ffd23f" stroke="#8f6b00" stroke-width="1.3" stroke-linejoin="round" />
        </svg>
    }
}

fn snail() -> Html {
    html! { <>
        // The foot along the ground, rising into the head on the left.
        <path d="M2 35 H35 Q38 35 37 31 H13 Q12 21 7 21 Q3 21 3 27 Z" fill="#c9e08a" stroke="#5d7a2a"
            stroke-width="1.5" stroke-linejoin="round" />
        <path d="M5 22 L3 13 M9 21 L10 12" stroke="#5d7a2a" stroke-width="1.5" stroke-linecap="round" />
        <circle cx="3" cy="13" r="1.8" fill="#2b2b2b" />
        <circle cx="10" cy="12" r="1.8" fill="#2b2b2b" />
        <path d="M5 27 Q7 29 9 27" stroke="#5d7a2a" stroke-width="1.2" fill="none" stroke-linecap="round" />
        // The shell and its spiral.
        <circle cx="24" cy="21" r="11" fill="#e0913a" stroke="#7a4a14" stroke-width="1.5" />
        <path d="M24 21 A1.5 1.5 0 0 1 27 21 A3 3 0 0 1 21 21 A4.5 4.5 0 0 1 30 21 A6 6 0 0 1 18 21"
            stroke="#7a4a14" stroke-width="1.5" fill="none" stroke-linecap="round" />
    </> }
}

fn bunny() -> Html {
    html! { <>
        <g transform="rotate(-12 14 16)">
            <ellipse cx="14" cy="11" rx="4.5" ry="10" fill="#f4f1ee" stroke="#7d7570" stroke-width="1.5" />
            <ellipse cx="14" cy="12" rx="2" ry="7" fill="#f5b8c8" />
        </g>
        <g transform="rotate(12 26 16)">
            <ellipse cx="26" cy="11" rx="4.5" ry="10" fill="#f4f1ee" stroke="#7d7570" stroke-width="1.5" />
            <ellipse cx="26" cy="12" rx="2" ry="7" fill="#f5b8c8" />
        </g>
        <circle cx="20" cy="27" r="11" fill="#f4f1ee" stroke="#7d7570" stroke-width="1.5" />
        <circle cx="15.5" cy="25" r="1.8" fill="#2b2b2b" />
        <circle cx="24.5" cy="25" r="1.8" fill="#2b2b2b" />
        <path d="M18.5 29 H21.5 L20 31 Z" fill="#e77a9a" />
        <path d="M20 31 V33 M20 33 Q18 35 16.5 33.5 M20 33 Q22 35 23.5 33.5" stroke="#7d7570" stroke-width="1"
            fill="none" stroke-linecap="round" />
        <path d="M12 29 L6 28 M12 31 L6 32 M28 29 L34 28 M28 31 L34 32" stroke="#7d7570" stroke-width="0.8" />
    </> }
}

fn fox() -> Html {
    html! { <>
        <path d="M5 6 L14 14 H26 L35 6 L33 21 Q29 33 20 36 Q11 33 7 21 Z" fill="#e8772e" stroke="#8a3d0c"
            stroke-width="1.5" stroke-linejoin="round" />
        <path d="M8 10 L13 15 L9.5 19 Z M32 10 L27 15 L30.5 19 Z" fill="#6b300c" />
        // The white cheeks and chin.
        <path d="M9 24 Q15 27 20 25 Q25 27 31 24 Q27 33 20 36 Q13 33 9 24 Z" fill="#fff8f0" />
        <circle cx="15" cy="21" r="1.9" fill="#2b2b2b" />
        <circle cx="25" cy="21" r="1.9" fill="#2b2b2b" />
        <ellipse cx="20" cy="31.5" rx="2.4" ry="1.8" fill="#2b2b2b" />
    </> }
}

fn owl() -> Html {
    html! { <>
        <path d="M8 6 L13 11 Q20 8 27 11 L32 6 L32 26 Q32 37 20 37 Q8 37 8 26 Z" fill="#8b6a45" stroke="#4a341c"
            stroke-width="1.5" stroke-linejoin="round" />
        <ellipse cx="20" cy="30" rx="7" ry="5.5" fill="#d8c3a0" />
        <path d="M16 29 Q17 30.5 18 29 M22 29 Q23 30.5 24 29 M19 32 Q20 33.5 21 32" stroke="#8b6a45" stroke-width="1"
            fill="none" />
        <circle cx="14.5" cy="18" r="5.2" fill="#fff" stroke="#4a341c" stroke-width="1.2" />
        <circle cx="25.5" cy="18" r="5.2" fill="#fff" stroke="#4a341c" stroke-width="1.2" />
        <circle cx="14.5" cy="18" r="3.3" fill="#f2c230" />
        <circle cx="25.5" cy="18" r="3.3" fill="#f2c230" />
        <circle cx="14.5" cy="18" r="1.8" fill="#2b2b2b" />
        <circle cx="25.5" cy="18" r="1.8" fill="#2b2b2b" />
        <path d="M18 22 H22 L20 26 Z" fill="#e8a02e" stroke="#8a5a10" stroke-width="0.8" stroke-linejoin="round" />
    </> }
}

fn dragon() -> Html {
    html! { <>
        // Horns, and the spikes of the crest between them.
        <path d="M11 12 L6 2 L15 8 Z M29 12 L34 2 L25 8 Z" fill="#f3e6a8" stroke="#8a7a30" stroke-width="1.2"
            stroke-linejoin="round" />
        <path d="M15 8 L17 3 L20 7 L23 3 L25 8 Z" fill="#2e7d32" stroke="#1f5e22" stroke-width="1" stroke-linejoin="round" />
        <path d="M9 11 Q20 4 31 11 Q35 18 31 24 L31 31 Q20 39 9 31 L9 24 Q5 18 9 11 Z" fill="#4caf50"
            stroke="#1f5e22" stroke-width="1.5" stroke-linejoin="round" />
        <ellipse cx="20" cy="29" rx="9" ry="5.5" fill="#8fd68f" stroke="#1f5e22" stroke-width="1.2" />
        <circle cx="17" cy="28" r="1.3" fill="#1f5e22" />
        <circle cx="23" cy="28" r="1.3" fill="#1f5e22" />
        <path d="M15 32 Q20 34.5 25 32" stroke="#1f5e22" stroke-width="1.2" fill="none" stroke-linecap="round" />
        <ellipse cx="14" cy="18" rx="3.4" ry="3.8" fill="#ffd84a" stroke="#1f5e22" stroke-width="1.2" />
        <ellipse cx="26" cy="18" rx="3.4" ry="3.8" fill="#ffd84a" stroke="#1f5e22" stroke-width="1.2" />
        <ellipse cx="14" cy="18" rx="1" ry="2.8" fill="#2b2b2b" />
        <ellipse cx="26" cy="18" rx="1" ry="2.8" fill="#2b2b2b" />
    </> }
}
