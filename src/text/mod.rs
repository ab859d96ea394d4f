//! Every word the app shows, in English, French, German and Spanish: one file per language
//! (`en.txt`, `fr.txt`, `de.txt`, `es.txt`), compiled in. Plain Rust, no web crate, so the tests check natively
//! that no translation is missing.
//!
//! A file holds `key = text` lines; `#` starts a comment line. `{name}` in a text is a placeholder
//! filled by [`Lang::fmt`]. The rules panel of each game is the numbered keys `rules.GAME.1`,
//! `rules.GAME.2`, ... (and `rules.option.OPTION` for options), one short sentence each.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A language of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (also the fallback).
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Spanish.
    Es,
}

const EN: &str = include_str!("en.txt");
const FR: &str = include_str!("fr.txt");
const DE: &str = include_str!("de.txt");
const ES: &str = include_str!("es.txt");

/// Reads a language file into its keys and texts. Lines without `=` are ignored by the app and
/// reported by the tests.
#[must_use]
pub fn parse(file: &str) -> HashMap<&str, &str> {
    file.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
        .collect()
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::De, Lang::Es];

    /// The language's code: `en`, `fr`, `de`, `es`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Es => "es",
        }
    }

    /// The language's name in itself, for the language switch.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
        }
    }

    /// The language of a code such as `fr` or `de-CH`; `None` for a language the app does not have.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of a browser's languages, most wanted first (`navigator.languages`), that the app
    /// has: a child whose tablet lists Swiss German and then German (`gsw-CH`, `de-CH`), or Italian
    /// and then French, reads the game in German or French rather than in English. `None` when the
    /// app has none of them.
    #[must_use]
    pub fn first_of<S: AsRef<str>>(codes: impl IntoIterator<Item = S>) -> Option<Lang> {
        codes.into_iter().find_map(|code| Lang::from_code(code.as_ref()))
    }

    /// The language file's text.
    #[must_use]
    pub const fn file(self) -> &'static str {
        match self {
            Lang::En => EN,
            Lang::Fr => FR,
            Lang::De => DE,
            Lang::Es => ES,
        }
    }

    fn table(self) -> &'static HashMap<&'static str, &'static str> {
        static TABLES: OnceLock<[HashMap<&'static str, &'static str>; 4]> = OnceLock::new();
        let tables = TABLES.get_or_init(|| [parse(EN), parse(FR), parse(DE), parse(ES)]);
        &tables[self as usize]
    }

    /// The text of a key, or the English text when this language lacks it (the tests make sure none
    /// is missing), or the key itself when no language has it.
    #[must_use]
    pub fn get(self, key: &str) -> &'static str {
        self.table()
            .get(key)
            .or_else(|| Lang::En.table().get(key))
            .copied()
            .unwrap_or_else(|| Box::leak(key.to_string().into_boxed_str()))
    }

    /// The text of a key with its `{name}` placeholders filled, in one pass over the text: what
    /// fills one is never filled in turn (a child named "{words}" keeps their name).
    #[must_use]
    pub fn fmt(self, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = String::new();
        let mut rest = self.get(key);
        while let Some(open) = rest.find('{') {
            text.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let filled = after.find('}').and_then(|close| Some((args.iter().find(|(name, _)| *name == &after[..close])?.1, close)));
            match filled {
                Some((value, close)) => {
                    text.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    text.push('{');
                    rest = after;
                }
            }
        }
        text.push_str(rest);
        text
    }

    /// One of the game's own sentences put after a colon: in French and Spanish its first letter
    /// small ("jouable maintenant : le dernier pion tombe…"), as they write it there; English and
    /// German keep it. (Not for a sentence that starts with a child's name, which would lose its
    /// capital.)
    #[must_use]
    pub fn after_colon(self, sentence: &str) -> String {
        match self {
            Lang::Fr | Lang::Es => {
                // Past an opening mark (Spanish "¡", "¿"), the first letter; a sentence that starts
                // with a number stays as it is.
                let at = sentence.find(char::is_alphanumeric).unwrap_or(sentence.len());
                let (marks, rest) = sentence.split_at(at);
                let mut letters = rest.chars();
                match letters.next() {
                    Some(first) if first.is_alphabetic() => format!("{marks}{}{}", first.to_lowercase(), letters.as_str()),
                    _ => sentence.to_string(),
                }
            }
            Lang::En | Lang::De => sentence.to_string(),
        }
    }

    /// The text of a key that counts something, with its placeholders filled: `KEY.one` where the
    /// language says the singular for `n` (English, German and Spanish: 1 and -1; French: -1, 0 and 1), else
    /// `KEY`.
    #[must_use]
    pub fn count(self, key: &str, n: i64, args: &[(&str, &str)]) -> String {
        let singular = match self {
            Lang::Fr => n.abs() <= 1,
            Lang::En | Lang::De | Lang::Es => n.abs() == 1,
        };
        let one = format!("{key}.one");
        if singular && Lang::En.table().contains_key(one.as_str()) {
            self.fmt(&one, args)
        } else {
            self.fmt(key, args)
        }
    }

    /// The numbered lines `PREFIX.1`, `PREFIX.2`, ... (a rules panel).
    #[must_use]
    pub fn lines(self, prefix: &str) -> Vec<&'static str> {
        (1..)
            .map(|i| format!("{prefix}.{i}"))
            .take_while(|k| Lang::En.table().contains_key(k.as_str()))
            .map(|k| self.get(&k))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text.split('{').skip(1).filter_map(|s| s.split_once('}')).map(|(p, _)| p).collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn what_fills_a_placeholder_is_kept_as_it_is() {
        // A child may be named anything, braces too: their name is not filled in turn.
        let said = Lang::En.fmt("board.would_bring", &[("label", "{words}'s house 1"), ("words", "an extra move")]);
        assert_eq!(said, "{words}'s house 1: an extra move");
        assert_eq!(Lang::Fr.fmt("board.would_bring", &[("words", "x"), ("label", "{")]), "{\u{a0}: x");
        // A placeholder no argument fills stays as written, and so does a lone brace.
        assert_eq!(Lang::En.fmt("board.would_bring", &[("label", "a")]), "a: {words}");
    }

    #[test]
    fn a_sentence_after_a_colon_starts_small_in_french_and_spanish() {
        assert_eq!(Lang::Fr.after_colon("Le dernier pion tombe ici."), "le dernier pion tombe ici.");
        assert_eq!(Lang::Es.after_colon("¡Tus conchas atraparían semillas!"), "¡tus conchas atraparían semillas!");
        assert_eq!(Lang::Fr.after_colon("Émile"), "émile");
        assert_eq!(Lang::En.after_colon("The last one lands here."), "The last one lands here.");
        assert_eq!(Lang::De.after_colon("Das letzte Stück"), "Das letzte Stück");
        assert_eq!(Lang::Es.after_colon("¡!"), "¡!");
        assert_eq!(Lang::Fr.after_colon(""), "");
        assert_eq!(Lang::Fr.after_colon("3 Graines"), "3 Graines");
        // What a French house says of a move that would play again, as a screen reader reads it.
        let words = Lang::Fr.after_colon(Lang::Fr.get("preview.extra"));
        let said = Lang::Fr.fmt("board.would_bring", &[("label", "Ta case 3, 4 pions, jouable maintenant"), ("words", &words)]);
        assert_eq!(said, "Ta case 3, 4 pions, jouable maintenant\u{a0}: le dernier pion tombe dans ton grenier\u{a0}: tu rejouerais\u{a0}!");
    }

    #[test]
    fn every_language_has_every_text_with_the_same_placeholders() {
        let en = parse(EN);
        assert!(en.len() > 50, "the English file lost its texts");
        for lang in Lang::ALL {
            let file = lang.file();
            for line in file.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
                assert!(line.contains('='), "{}: a line without `key = text`: {line}", lang.code());
            }
            let table = parse(file);
            for (key, text) in &en {
                let other = table.get(key).unwrap_or_else(|| panic!("{}: missing translation of {key}", lang.code()));
                assert!(!other.is_empty(), "{}: {key} is empty", lang.code());
                assert_eq!(placeholders(text), placeholders(other), "{}: placeholders of {key}", lang.code());
            }
            for key in table.keys() {
                assert!(en.contains_key(key), "{}: {key} is not an English key", lang.code());
            }
        }
    }

    /// French puts a space before `!`, `?`, `:`, `;` and `»` and after `«`: always a no-break one, so
    /// that a narrow caption never starts a line with the mark alone (the file had both kinds).
    #[test]
    fn french_marks_keep_their_space() {
        for (key, text) in &parse(Lang::Fr.file()) {
            for (i, c) in text.char_indices() {
                let before = text[..i].chars().next_back();
                let after = text[i + c.len_utf8()..].chars().next();
                let loose = match c {
                    '!' | '?' | ':' | ';' | '»' => before == Some(' '),
                    '«' => after == Some(' '),
                    _ => false,
                };
                assert!(!loose, "fr: {key} has an ordinary space by its {c:?}: {text}");
            }
        }
    }

    /// Every text is said somewhere, so that no one translates words nobody sees: its key (without
    /// the `.one` and `.you` that [`Lang::count`] and the players' names add) is in the code, or is
    /// one of the families the code builds: a game's name and line, its rules, a level's animal.
    #[test]
    fn every_text_is_used() {
        fn sources(dir: &std::path::Path, into: &mut String) {
            for entry in std::fs::read_dir(dir).expect("the sources can be read").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    if !path.ends_with("text") {
                        sources(&path, into);
                    }
                } else if path.extension().is_some_and(|e| e == "rs") {
                    into.push_str(&std::fs::read_to_string(&path).expect("a source can be read"));
                }
            }
        }
        let mut code = String::new();
        sources(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut code);
        let mut unused: Vec<&str> = parse(EN)
            .into_keys()
            .filter(|key| {
                let mut base = *key;
                while let Some(rest) = base.strip_suffix(".one").or_else(|| base.strip_suffix(".you")) {
                    base = rest;
                }
                let built = ["game.", "rules.", "level."].iter().any(|family| base.starts_with(family));
                !built && !code.contains(&format!("\"{base}\""))
            })
            .collect();
        unused.sort_unstable();
        assert!(unused.is_empty(), "texts that nothing says: {unused:?}");
    }

    #[test]
    fn every_game_has_a_rules_panel() {
        for game in ["kalah", "kidcala-beginner", "kidcala-classic", "banana", "kauri"] {
            for lang in Lang::ALL {
                assert!(lang.lines(&format!("rules.{game}")).len() >= 4, "{}: rules of {game}", lang.code());
            }
        }
    }

    #[test]
    fn translations_are_not_copies_of_english() {
        let en = parse(EN);
        for lang in [Lang::Fr, Lang::De, Lang::Es] {
            let table = parse(lang.file());
            let mut same: Vec<&str> =
                en.iter().filter(|(key, text)| table.get(*key) == Some(*text)).map(|(key, _)| *key).collect();
            same.sort_unstable();
            assert!(
                same.len() * 5 <= en.len(),
                "{}: {} of {} texts are still the English ones (at least 80% must differ): {same:?}",
                lang.code(),
                same.len(),
                en.len()
            );
            let rules: Vec<&&str> = same.iter().filter(|key| key.starts_with("rules.")).collect();
            assert!(rules.is_empty(), "{}: rules lines still in English: {rules:?}", lang.code());
        }
    }

    #[test]
    fn rules_panels_are_numbered_without_gaps() {
        for key in parse(EN).keys().filter(|key| key.starts_with("rules.")) {
            if let Some((prefix, n)) = key.rsplit_once('.').and_then(|(p, n)| Some((p, n.parse::<usize>().ok()?))) {
                assert!(n >= 1 && Lang::En.lines(prefix).len() >= n, "{key}: the panel {prefix} has a gap before it");
            }
        }
    }

    #[test]
    fn singular_and_plural() {
        assert_eq!(Lang::En.count("pieces.piece", 1, &[("count", "1")]), "1 piece");
        assert_eq!(Lang::En.count("pieces.piece", 4, &[("count", "4")]), "4 pieces");
        assert_eq!(Lang::De.count("pieces.fruit", 1, &[("count", "1")]), "1 Frucht");
        assert_eq!(Lang::Fr.count("board.points", 0, &[("points", "0")]), "0 point");
        assert_eq!(Lang::De.count("board.points", 0, &[("points", "0")]), "0 Punkte");
        assert_eq!(Lang::Es.count("board.points", 0, &[("points", "0")]), "0 puntos");
        assert_eq!(Lang::Es.count("board.points", 1, &[("points", "1")]), "1 punto");
        // Kid-Cala beginner's fruits still to get rid of: "falta 1", "faltan 2" in Spanish.
        assert_eq!(Lang::Es.count("board.to_empty", 1, &[("count", "1")]), "falta 1");
        assert_eq!(Lang::Es.count("board.to_empty", 2, &[("count", "2")]), "faltan 2");
        assert_eq!(Lang::En.count("board.to_empty", 1, &[("count", "1")]), "1 left");
    }

    /// The words index.html shows the grown-up when the game cannot start (they cannot come from
    /// these files, which are inside the game) are there in every language of the game, and in no
    /// other.
    #[test]
    fn the_words_for_a_game_that_cannot_start_are_in_every_language() {
        let page = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html")).expect("index.html can be read");
        let words = page.split_once("var WORDS = {").expect("index.html has its WORDS").1.split_once("};").expect("WORDS ends").0;
        let mut codes: Vec<&str> = words.lines().filter_map(|l| l.trim().strip_suffix(": {")).collect();
        codes.sort_unstable();
        let mut ours: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        ours.sort_unstable();
        assert_eq!(codes, ours);
        for code in codes {
            let block = words.split_once(&format!("{code}: {{")).unwrap().1.split_once('}').unwrap().0;
            for kind in ["failed:", "old:", "off:", "reload:"] {
                assert!(block.contains(kind), "{code}: no {kind}");
            }
        }
    }

    #[test]
    fn language_codes() {
        assert_eq!(Lang::from_code("de-CH"), Some(Lang::De));
        assert_eq!(Lang::from_code("fr"), Some(Lang::Fr));
        assert_eq!(Lang::from_code("es-MX"), Some(Lang::Es));
        assert_eq!(Lang::from_code("es_419"), Some(Lang::Es));
        assert_eq!(Lang::from_code("nl"), None);
        assert_eq!(Lang::from_code(""), None);
        assert_eq!(Lang::first_of(["gsw-CH", "de-CH", "en"]), Some(Lang::De));
        assert_eq!(Lang::first_of(vec!["it-IT".to_string(), "fr-FR".to_string()]), Some(Lang::Fr));
        assert_eq!(Lang::first_of(["en-GB", "de"]), Some(Lang::En));
        assert_eq!(Lang::first_of(["nl", "it"]), None);
        assert_eq!(Lang::first_of(Vec::<&str>::new()), None);
        assert_eq!(Lang::Fr.fmt("caption.extra", &[("name", "Léa")]), Lang::Fr.get("caption.extra").replace("{name}", "Léa"));
    }
}
