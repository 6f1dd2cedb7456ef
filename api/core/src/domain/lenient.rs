//! Serde helpers that accept what admin forms actually send: numbers as strings and strings
//! as numbers, `null` as missing.

use serde::{Deserialize, Deserializer};

/// A JSON string, number, boolean or `null` read as text; anything else is an error.
pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        S(String),
        B(bool),
        I(i64),
        U(u64),
        F(f64),
    }
    Ok(Option::<Raw>::deserialize(d)
        .map_err(|_| serde::de::Error::custom("expected a string, a number or a boolean"))?
        .map(|raw| match raw {
            Raw::S(s) => s,
            Raw::B(b) => b.to_string(),
            Raw::I(i) => i.to_string(),
            Raw::U(u) => u.to_string(),
            Raw::F(f) => f.to_string(),
        }))
}

/// A field read with [`string`]: `Loose(None)` when missing or `null`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Loose(pub Option<String>);

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        string(d).map(Loose)
    }
}

/// A text field: a JSON string, or `null`/missing (`TextField(None)`); a number or anything else is
/// an error, as the schema says.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TextField(pub Option<String>);

impl<'de> Deserialize<'de> for TextField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<String>::deserialize(d).map(TextField)
    }
}

impl serde::Serialize for TextField {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl TextField {
    pub fn take(self) -> Option<String> {
        self.0
    }
}

/// The schema of a whole number that forms may also send as digits in a string: the display
/// order's range of the table of rules (the digits' pattern spells out the same range).
pub fn whole_number_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
    let bounds = &crate::domain::rules::catalog().limits.display_order;
    Schema::OneOf(
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::Type(Type::Integer))
                    .minimum(Some(bounds.min))
                    .maximum(Some(bounds.max)),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::Type(Type::String))
                    .pattern(Some(r"^\s*[-+]?0*(?:[0-9]{1,6}|1000000)\s*$")),
            )
            .build(),
    )
}

/// The schema of an id that may come as a number or as numeric text (a parent's id in a form):
/// a whole number from 1. (As text, up to nine digits: every id this API hands out.)
pub fn positive_id_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::Type(Type::Integer))
                    .minimum(Some(1))
                    .maximum(Some(i32::MAX)),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::Type(Type::String))
                    .pattern(Some(r"^\s*\+?0*[1-9][0-9]{0,8}\s*$")),
            )
            .build(),
    )
}

/// Serialised as the text or `null` (used for the documented defaults).
impl serde::Serialize for Loose {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Loose {
    pub fn take(self) -> Option<String> {
        self.0
    }
}

/// A field's value when it was sent, `null` included (`Some(None)`); with
/// `#[serde(default, deserialize_with = "present")]`, `None` when it was left out.
pub fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_digits_pattern_spells_the_tables_display_order_range() {
        // The schema's pattern is written for ±1,000,000: it must change with the table.
        let bounds = &crate::domain::rules::catalog().limits.display_order;
        assert_eq!((bounds.min, bounds.max), (-1_000_000, 1_000_000));
    }
    use super::Loose;

    #[derive(serde::Deserialize, Default)]
    #[serde(default)]
    struct Body {
        n: Loose,
    }

    #[test]
    fn numbers_strings_and_nulls_are_read_as_text() {
        let read = |json: &str| serde_json::from_str::<Body>(json).map(|b| b.n.0);
        assert_eq!(read(r#"{"n": 3}"#).unwrap(), Some("3".into()));
        assert_eq!(read(r#"{"n": "3"}"#).unwrap(), Some("3".into()));
        assert_eq!(read(r#"{"n": null}"#).unwrap(), None);
        assert_eq!(read(r#"{}"#).unwrap(), None);
        assert!(read(r#"{"n": [1]}"#).is_err());
    }
}
