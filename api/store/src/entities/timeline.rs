//! The desk's notes on an enquiry: a timeline, newest first, kept in the enquiry's own row as
//! JSON text (`[{"at", "author", "text"}]`), so that a note and the version it makes commit
//! with the row, on both databases, and the API shows it as the list it is.

use chrono::{DateTime, Utc};
use sea_orm::DeriveValueType;
use serde::{Deserialize, Serialize};

/// One note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Note {
    pub at: DateTime<Utc>,
    /// The administrator who wrote it (none for a note from before the timeline).
    pub author: Option<String>,
    pub text: String,
}

/// The notes as stored: JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Default, DeriveValueType)]
pub struct Timeline(pub String);

impl Timeline {
    pub fn empty() -> Timeline {
        Timeline("[]".to_owned())
    }

    /// The notes, newest first (none when the text is not a list of notes).
    pub fn notes(&self) -> Vec<Note> {
        serde_json::from_str(&self.0).unwrap_or_default()
    }

    /// The newest note.
    pub fn latest(&self) -> Option<Note> {
        self.notes().into_iter().next()
    }

    /// This timeline with `note` on top.
    pub fn with(&self, note: Note) -> Timeline {
        let mut notes = self.notes();
        notes.insert(0, note);
        Timeline(serde_json::to_string(&notes).expect("notes serialise"))
    }
}

impl Serialize for Timeline {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.notes().serialize(s)
    }
}

impl utoipa::PartialSchema for Timeline {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <Vec<Note> as utoipa::PartialSchema>::schema()
    }
}

impl utoipa::ToSchema for Timeline {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_goes_on_top_and_the_list_is_what_the_api_shows() {
        let at: DateTime<Utc> = "2026-11-27T18:00:00Z".parse().unwrap();
        let timeline = Timeline::empty()
            .with(Note {
                at,
                author: Some("desk".into()),
                text: "Called back".into(),
            })
            .with(Note {
                at,
                author: None,
                text: "Confirmed".into(),
            });
        assert_eq!(timeline.latest().unwrap().text, "Confirmed");
        assert_eq!(
            serde_json::to_value(&timeline).unwrap(),
            serde_json::json!([
                {"at": "2026-11-27T18:00:00Z", "author": null, "text": "Confirmed"},
                {"at": "2026-11-27T18:00:00Z", "author": "desk", "text": "Called back"}
            ])
        );
        // What migration 21 makes of an old note.
        let old = Timeline(r#"[{"at":"2026-01-02T03:04:05Z","author":null,"text":"VIP"}]"#.into());
        assert_eq!(old.notes().len(), 1);
    }
}
