//! The language of the API's messages. Every message is a [`Text`] in English and Arabic, taken
//! from the one table of rules and messages (`rules/forms.json`, see [`crate::domain::rules`]);
//! the request's `Accept-Language` picks which of the two a response carries.

use std::fmt;

use serde::Deserialize;

/// A language the API answers in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Ar,
}

tokio::task_local! {
    static LANG: Lang;
}

impl Lang {
    /// The language of the request being answered (English outside a request).
    pub fn current() -> Lang {
        LANG.try_with(|lang| *lang).unwrap_or_default()
    }

    /// Runs `work` with this as the current language.
    pub async fn scope<F: std::future::Future>(self, work: F) -> F::Output {
        LANG.scope(self, work).await
    }

    /// Runs `work` with this as the current language, synchronously.
    pub fn sync_scope<R>(self, work: impl FnOnce() -> R) -> R {
        LANG.sync_scope(self, work)
    }

    /// Arabic when the client's first preference is Arabic (`ar`, `ar-AE`…), else English.
    /// The first preference is the highest `q`, the earliest among equals; `q=0` is "not this".
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        let mut best: Option<(&str, f32)> = None;
        for item in header.unwrap_or("").split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            if tag.is_empty() {
                continue;
            }
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q > 0.0 && best.is_none_or(|(_, b)| q > b) {
                best = Some((tag, q));
            }
        }
        match best {
            Some((tag, _))
                if tag
                    .split('-')
                    .next()
                    .is_some_and(|primary| primary.eq_ignore_ascii_case("ar")) =>
            {
                Lang::Ar
            }
            _ => Lang::En,
        }
    }
}

/// A message in both languages. `Display` writes the English (logs, tests).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub en: String,
    pub ar: String,
}

impl Text {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ar => &self.ar,
        }
    }

    /// The text in the language of the request being answered.
    pub fn current(&self) -> &str {
        self.get(Lang::current())
    }

    /// Fills `{key}` with `value` in both languages.
    pub fn with(&self, key: &str, value: impl Into<Arg>) -> Text {
        let placeholder = format!("{{{key}}}");
        let value = value.into();
        Text {
            en: self.en.replace(&placeholder, value.get(Lang::En)),
            ar: self.ar.replace(&placeholder, value.get(Lang::Ar)),
        }
    }

    /// The `{...}` placeholders, in order of appearance (both languages must have the same set).
    pub fn placeholders(text: &str) -> Vec<&str> {
        let mut names: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .filter(|name| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// A value filled into a [`Text`]: the same in both languages, or a text of its own.
pub enum Arg {
    Same(String),
    Both(Text),
}

impl Arg {
    fn get(&self, lang: Lang) -> &str {
        match self {
            Arg::Same(s) => s,
            Arg::Both(t) => t.get(lang),
        }
    }
}

impl From<&Text> for Arg {
    fn from(t: &Text) -> Self {
        Arg::Both(t.clone())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Both(t)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Same(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Same(s)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Same(n.to_string())
            }
        }
    )*};
}
number_args!(i32, i64, u32, u64, usize);

/// `one` when `count` is 1, else `many` with `{count}` filled.
pub fn counted(count: impl Into<u64>, one: &Text, many: &Text) -> Text {
    match count.into() {
        1 => one.clone(),
        n => many.with("count", n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_preference_decides() {
        for (header, lang) in [
            (None, Lang::En),
            (Some(""), Lang::En),
            (Some("ar"), Lang::Ar),
            (Some("ar-AE,en;q=0.8"), Lang::Ar),
            (Some("AR-sa"), Lang::Ar),
            (Some("en-GB,ar;q=0.9"), Lang::En),
            (Some("en;q=0.5, ar;q=0.9"), Lang::Ar),
            (Some("ar;q=0, en"), Lang::En),
            (Some("fr"), Lang::En),
            (Some("arn"), Lang::En),
            (Some("*"), Lang::En),
        ] {
            assert_eq!(Lang::from_accept_language(header), lang, "{header:?}");
        }
    }

    #[test]
    fn placeholders_are_filled_in_both_languages() {
        let text = Text {
            en: "{label} must be at most {max} characters.".into(),
            ar: "يجب ألا يتجاوز {label} {max} حرفًا.".into(),
        };
        let label = Text {
            en: "Title".into(),
            ar: "العنوان".into(),
        };
        let filled = text.with("label", &label).with("max", 200usize);
        assert_eq!(filled.en, "Title must be at most 200 characters.");
        assert_eq!(filled.ar, "يجب ألا يتجاوز العنوان 200 حرفًا.");
        assert_eq!(Text::placeholders(&text.en), ["label", "max"]);
    }

    #[test]
    fn minutes_are_counted_the_arabic_way() {
        assert_eq!(crate::domain::rules::minutes(1).ar, "دقيقة واحدة");
        assert_eq!(crate::domain::rules::minutes(2).ar, "دقيقتين");
        assert_eq!(crate::domain::rules::minutes(5).ar, "5 دقائق");
        assert_eq!(crate::domain::rules::minutes(15).ar, "15 دقيقة");
        assert_eq!(crate::domain::rules::minutes(15).en, "15 minutes");
        assert_eq!(crate::domain::rules::minutes(1).en, "1 minute");
    }
}
