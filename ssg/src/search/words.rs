//! How site search reads text: the same rules for the index the publisher writes and for what
//! a visitor types (the island's `words.ts`), held together by `rules/search-vectors.json`.
//!
//! A word is a run of letters, marks and digits; its script decides its rules, whatever the
//! page's language (an English page's "الرياض" is found as Arabic readers write it, an Arabic
//! page's "AlUla" as English readers do). Latin words are folded (accents and case) and
//! stemmed by Snowball's English stemmer; Arabic words are normalised (diacritics, tatweel,
//! alef, ya, ta marbuta and hamza forms, digits) and lose their article and one-letter
//! prefixes where two letters or more remain, so that الرياض, رياض and بالرياض are one word.

use std::sync::LazyLock;

use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// One word of a text: `form` as typed (folded, normalised, not stemmed), `term` as indexed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub form: String,
    pub term: String,
}

static ENGLISH: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::English));

/// The words of `text`, in order; words of one character are left out.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    each_word(text, |w| out.push(w));
    out
}

/// Calls `f` with each word of `text`, in order (what [`words`] collects).
pub fn each_word(text: &str, mut f: impl FnMut(Word)) {
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (in_word(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                start = None;
                if let Some(w) = word(&text[s..i]) {
                    f(w);
                }
            }
            _ => {}
        }
    }
    if let Some(s) = start
        && let Some(w) = word(&text[s..])
    {
        f(w);
    }
}

fn in_word(c: char) -> bool {
    c.is_alphanumeric() || is_combining_mark(c) || c == '\u{0640}' || is_arabic_mark(c)
}

fn word(raw: &str) -> Option<Word> {
    let w = if raw.chars().any(is_arabic_letter) {
        let form = arabic(raw);
        Word {
            term: form.clone(),
            form,
        }
    } else {
        let form: String = raw
            .nfd()
            .filter(|c| !is_combining_mark(*c))
            .flat_map(char::to_lowercase)
            .collect();
        let term = ENGLISH.stem(&form).into_owned();
        Word { form, term }
    };
    (w.term.chars().count() >= 2).then_some(w)
}

fn is_arabic_letter(c: char) -> bool {
    matches!(c,
        '\u{0600}'..='\u{06FF}'
        | '\u{0750}'..='\u{077F}'
        | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}')
}

/// Harakat, the dagger alef and Quranic marks.
fn is_arabic_mark(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06ED}')
}

/// An Arabic word's letters normalised, its prefixes taken off.
fn arabic(raw: &str) -> String {
    let letters: Vec<char> = raw
        .chars()
        .filter(|&c| !is_arabic_mark(c) && !is_combining_mark(c) && c != '\u{0640}')
        .map(|c| match c {
            'أ' | 'إ' | 'آ' | 'ٱ' => 'ا',
            'ى' => 'ي',
            'ة' => 'ه',
            'ؤ' => 'و',
            'ئ' => 'ي',
            '\u{0660}'..='\u{0669}' => char::from(b'0' + (c as u32 - 0x0660) as u8),
            '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (c as u32 - 0x06F0) as u8),
            c => c,
        })
        .collect();
    let mut w: &[char] = &letters;
    // Taken off only where two letters or more remain.
    let cut = |w: &[char], n: usize| w.len() >= n + 2;
    if matches!(w.first(), Some('و' | 'ف')) && cut(w, 1) {
        w = &w[1..];
    }
    let article = |w: &[char], at: usize| w.get(at) == Some(&'ا') && w.get(at + 1) == Some(&'ل');
    let preposition = matches!(w.first(), Some('ب' | 'ك' | 'ل'));
    if preposition && article(w, 1) && cut(w, 3) {
        w = &w[3..];
    } else if (article(w, 0) || w.starts_with(&['ل', 'ل'])) && cut(w, 2) {
        // The article, or li before it (its alef not written).
        w = &w[2..];
    } else if preposition && cut(w, 1) {
        w = &w[1..];
    }
    w.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Vectors {
        words: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        text: String,
        words: Vec<(String, String)>,
    }

    #[test]
    fn every_shared_vector_reads_as_the_island_reads_it() {
        let vectors: Vectors =
            serde_json::from_str(include_str!("../../../rules/search-vectors.json")).unwrap();
        assert!(vectors.words.len() > 20);
        for case in vectors.words {
            let got: Vec<(String, String)> = words(&case.text)
                .into_iter()
                .map(|w| (w.form, w.term))
                .collect();
            assert_eq!(got, case.words, "the words of {:?}", case.text);
        }
    }

    #[test]
    fn the_three_ways_to_write_riyadh_are_one_term() {
        let term = |t: &str| words(t).pop().unwrap().term;
        assert_eq!(term("الرياض"), term("رياض"));
        assert_eq!(term("بالرياض"), term("رياض"));
        assert_eq!(term("chauffeurs"), term("chauffeur"));
    }
}
