//! The caption's sentences, put on the page in the order a screen reader should say them.
//!
//! The caption is a live region: a screen reader says each piece put in it, and each piece whose
//! words change, as it happens. Its sentences come in groups, one for each move told (or a hint,
//! a held house's words, whose turn it is), and within a group one by one as what they tell is
//! shown. Laid out by Yew, a group of several sentences shown at once (a whole move at "At once",
//! a held house's two sentences, a move told again after Redo) went in last first: Yew puts a new
//! list of elements into the page from its end, and the order the page changes in is the order a
//! screen reader may say them in ("Mia plays again!", then "Mia sowed house 3."). Here a new group
//! is made whole before it goes in, at once, and sentences added to a group go in after the ones
//! before them, in order: the page changes only as a reader should hear it.
//!
//! A group stays the same piece of the page while its key does (see where the caption's groups
//! are made), so that its sentences are not said again (a Kauri pass told with the move before it
//! and then with the move after it); each sentence keeps its words in a text of its own, apart
//! from the space before it, so that a sentence that becomes the first loses the space and keeps
//! its words unchanged.

use wasm_bindgen::JsCast;
use web_sys::{Element, Node};
use yew::prelude::*;

/// One sentence: its words, and whether a screen reader is not to hear it (the end's words, which
/// the end screen says).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sentence {
    /// The words.
    pub words: String,
    /// Hidden from a screen reader.
    pub unsaid: bool,
}

/// A group of sentences: those of a move told, or a hint, a held house's words...
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Group {
    /// What keeps it the same piece of the page.
    pub key: String,
    /// Its sentences, in order.
    pub sentences: Vec<Sentence>,
    /// Covered by other words (a held house's) for the eye alone: kept in the caption, where a
    /// screen reader heard them once, and not shown. Taken out while covered and put back after,
    /// they were said again as the finger let go.
    pub covered: bool,
}

/// The caption's words in their groups, each with the key that keeps it the same piece.
#[derive(Properties, PartialEq)]
pub struct CaptionWordsProps {
    /// The groups, in order (the covered ones first).
    pub groups: Vec<Group>,
}

/// The caption's sentences, in a `span.caption-words` whose content this component keeps itself
/// (Yew draws the span alone).
#[function_component(CaptionWords)]
pub fn caption_words(props: &CaptionWordsProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(props.groups.clone(), move |groups| {
            if let Some(words) = node.cast::<Element>() {
                show(&words, groups);
            }
        });
    }
    html! { <span class="caption-words" ref={node}></span> }
}

/// The elements under `parent`, in order.
fn children(parent: &Element) -> Vec<Element> {
    let mut out = Vec::new();
    let mut next = parent.first_element_child();
    while let Some(child) = next {
        next = child.next_element_sibling();
        out.push(child);
    }
    out
}

/// The class of a group's element.
fn class_of(covered: bool) -> &'static str {
    if covered {
        "told covered"
    } else {
        "told"
    }
}

/// Makes `words` show `groups`, changing only what changed.
fn show(words: &Element, groups: &[Group]) {
    let Some(document) = words.owner_document() else { return };
    let key_of = |e: &Element| e.get_attribute("data-key").unwrap_or_default();
    // The groups no longer told go.
    for old in children(words) {
        if !groups.iter().any(|g| g.key == key_of(&old)) {
            old.remove();
        }
    }
    // The first sentence shown has no space before it, and so has the first covered (the space
    // before a sentence stays as it is when its group is covered or uncovered).
    let mut first_covered = true;
    let mut first_shown = true;
    let mut cursor: Option<Element> = words.first_element_child();
    for Group { key, sentences, covered } in groups {
        let first = std::mem::replace(if *covered { &mut first_covered } else { &mut first_shown }, false);
        let kept = children(words).into_iter().find(|e| key_of(e) == *key);
        match kept {
            Some(group) => {
                if group.class_name() != class_of(*covered) {
                    group.set_class_name(class_of(*covered));
                }
                // Kept where it is (groups keep their order: a group gone is the only change
                // before it), its sentences brought up to date.
                let lines = children(&group);
                for (i, sentence) in sentences.iter().enumerate() {
                    let gap = if first && i == 0 { "" } else { " " };
                    match lines.get(i) {
                        Some(line) => update(line, gap, sentence),
                        None => {
                            if let Some(line) = make(&document, gap, sentence) {
                                let _ = group.append_child(&line);
                            }
                        }
                    }
                }
                for extra in lines.iter().skip(sentences.len()) {
                    extra.remove();
                }
                cursor = group.next_element_sibling();
            }
            None => {
                // Made whole, then put in at once.
                let Ok(group) = document.create_element("span") else { return };
                group.set_class_name(class_of(*covered));
                let _ = group.set_attribute("data-key", key);
                for (i, sentence) in sentences.iter().enumerate() {
                    let gap = if first && i == 0 { "" } else { " " };
                    if let Some(line) = make(&document, gap, sentence) {
                        let _ = group.append_child(&line);
                    }
                }
                let before: Option<&Node> = cursor.as_ref().map(|c| c.unchecked_ref());
                let _ = words.insert_before(&group, before);
            }
        }
    }
}

/// A sentence's element: the space before it and its words, each a text of its own.
fn make(document: &web_sys::Document, gap: &str, sentence: &Sentence) -> Option<Element> {
    let line = document.create_element("span").ok()?;
    line.set_class_name("sentence");
    line.append_with_str_2(gap, &sentence.words).ok()?;
    if sentence.unsaid {
        line.set_attribute("aria-hidden", "true").ok()?;
    }
    Some(line)
}

/// Brings a sentence's element up to date, touching only what differs.
fn update(line: &Element, gap: &str, sentence: &Sentence) {
    let space = line.first_child();
    let text = space.as_ref().and_then(Node::next_sibling);
    if let (Some(space), Some(text)) = (space, text) {
        if space.node_value().as_deref() != Some(gap) {
            space.set_node_value(Some(gap));
        }
        if text.node_value().as_deref() != Some(sentence.words.as_str()) {
            text.set_node_value(Some(&sentence.words));
        }
    }
    let hidden = line.get_attribute("aria-hidden").is_some();
    if hidden != sentence.unsaid {
        let _ = if sentence.unsaid { line.set_attribute("aria-hidden", "true") } else { line.remove_attribute("aria-hidden") };
    }
}
