//! The translations' worklist (`GET /translations`): every item whose Arabic is missing (an
//! English field filled, its Arabic twin empty) or outdated (the English field changed after
//! its twin last did, and after the twin was last confirmed as still right), across the kinds
//! the content model declares with Arabic twins, field by field; and "the Arabic is still
//! right" (`POST /content/{kind}/{id}/translations/confirm`). The twins come from the
//! declaration ([`Field::twin`]); when a field changed comes from the items' history.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{Kind, lifecycle};
use crate::with_kind;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;
use concierge_core::kinds::{Declaration, Field, KINDS, Label};
use concierge_store::Db;
use concierge_store::audit::{Actor, Event};
use concierge_store::content_rows as rows;
use concierge_store::translations::{self as store, FieldTimes};

/// How an Arabic field stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TranslationState {
    /// Its English is filled and it is empty.
    Missing,
    /// Its English changed after it did (and after it was last confirmed).
    Outdated,
}

impl TranslationState {
    pub fn parse(raw: &str) -> Option<TranslationState> {
        match raw {
            "missing" => Some(TranslationState::Missing),
            "outdated" => Some(TranslationState::Outdated),
            _ => None,
        }
    }
}

/// An Arabic field that needs a translator.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldToTranslate {
    /// The English field (`description`).
    pub field: &'static str,
    /// Its Arabic twin (`description_ar`).
    pub twin: &'static str,
    /// The field's label in the form, in both languages.
    pub label: Text,
    pub state: TranslationState,
    /// When the English last changed (none when the history does not say).
    pub english_changed_at: Option<DateTime<Utc>>,
}

/// An item with Arabic to write or to look at again.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToTranslate {
    /// The kind's name in the lifecycle's paths (`blog`).
    pub kind: &'static str,
    /// What an item of the kind is called, in both languages.
    #[schema(value_type = Object)]
    pub one: Label,
    pub id: i32,
    /// What a person calls the item.
    pub title: Option<String>,
    pub fields: Vec<FieldToTranslate>,
}

/// Whether a field holds text a reader sees (rich text that is only tags holds none).
fn has_text(value: Option<&Value>) -> bool {
    let raw = value.and_then(Value::as_str).unwrap_or_default();
    !ssg::text::plain_text(raw).trim().is_empty()
}

/// The kind's English fields that have Arabic twins, each with its twin.
fn twinned(kind: &'static Declaration) -> impl Iterator<Item = (&'static Field, &'static str)> {
    kind.fields
        .iter()
        .filter_map(|f| f.twin.map(|twin| (f, twin)))
}

/// The names of the kind's twinned fields and of their twins.
fn twin_fields(kind: &'static Declaration) -> Vec<&'static str> {
    twinned(kind)
        .flat_map(|(field, twin)| [field.name, twin])
        .collect()
}

/// How the item `view` (as administrators read it) stands, field by field.
fn standing(
    kind: &'static Declaration,
    id: i32,
    view: &Value,
    changed: &FieldTimes,
    confirmed: &FieldTimes,
) -> ToTranslate {
    let at = |times: &FieldTimes, field: &str| times.get(&id).and_then(|f| f.get(field)).copied();
    let fields = twinned(kind)
        .filter_map(|(field, twin)| {
            if !has_text(view.get(field.name)) {
                return None;
            }
            let english = at(changed, field.name);
            let state = if !has_text(view.get(twin)) {
                TranslationState::Missing
            } else {
                let arabic = at(changed, twin).max(at(confirmed, twin));
                match (english, arabic) {
                    (Some(english), Some(arabic)) if english > arabic => TranslationState::Outdated,
                    (Some(_), None) => TranslationState::Outdated,
                    _ => return None,
                }
            };
            // The form's label (read only for a field listed: most items list none).
            let label = kind.rules().field(field.name).label.clone();
            Some(FieldToTranslate {
                field: field.name,
                twin,
                label,
                state,
                english_changed_at: english,
            })
        })
        .collect();
    ToTranslate {
        kind: kind.kind,
        one: kind.one,
        id,
        title: rows::title_of(view),
        fields,
    }
}

/// The kind's items (not deleted) that need a translator, in `state` (both when `None`).
async fn of_kind<K: Kind>(
    db: &Db,
    state: Option<TranslationState>,
) -> Result<Vec<ToTranslate>, ApiError> {
    let kind = K::DECLARATION;
    let fields = twin_fields(kind);
    if fields.is_empty() {
        return Ok(Vec::new());
    }
    // The title too, from the fields a title is read from.
    let mut read = fields.clone();
    for name in ["name", "title", "banner_name"] {
        if kind.field(name).is_some() && !read.contains(&name) {
            read.push(name);
        }
    }
    let (items, changed, confirmed) = futures_util::try_join!(
        store::texts::<K>(&db.read, &read),
        store::last_changes(&db.read, K::PATH, None, &fields),
        store::confirmations(&db.read, K::PATH, None),
    )?;
    Ok(items
        .into_iter()
        .map(|(id, mut view, draft)| {
            lifecycle::with_pending(&mut view, draft.as_deref());
            let mut item = standing(kind, id, &Value::Object(view), &changed, &confirmed);
            item.fields.retain(|f| state.is_none_or(|s| f.state == s));
            item
        })
        .filter(|item| !item.fields.is_empty())
        .collect())
}

/// Every item that needs a translator, kind by kind in the content model's order, oldest item
/// first; `kind` narrows it to one kind.
pub async fn list(
    db: &Db,
    state: Option<TranslationState>,
    kind: Option<&str>,
) -> Result<Vec<ToTranslate>, ApiError> {
    if let Some(kind) = kind
        && !KINDS.iter().any(|k| k.kind == kind)
    {
        return Err(ApiError::NotFound(catalog().messages.content_kind.clone()));
    }
    let mut found = Vec::new();
    for declaration in KINDS
        .iter()
        .filter(|k| kind.is_none_or(|kind| k.kind == kind))
    {
        let some: Result<Vec<ToTranslate>, ApiError> =
            with_kind!(declaration.kind, K => of_kind::<K>(db, state).await);
        found.extend(some?);
    }
    Ok(found)
}

/// Confirms that the item's Arabic `fields` (each named by its English field or its Arabic
/// twin) are still right, as of `now`; answers how the item stands after.
pub async fn confirm(
    db: &Db,
    kind: &str,
    id: i32,
    fields: &[String],
    now: DateTime<Utc>,
) -> Result<ToTranslate, ApiError> {
    with_kind!(kind, K => confirm_of::<K>(db, id, fields, now).await)
}

async fn confirm_of<K: Kind>(
    db: &Db,
    id: i32,
    fields: &[String],
    now: DateTime<Utc>,
) -> Result<ToTranslate, ApiError> {
    let kind = K::DECLARATION;
    let messages = &catalog().messages;
    if fields.is_empty() {
        return Err(ApiError::validation(
            "fields",
            messages.translation_fields.clone(),
        ));
    }
    let mut twins: Vec<&'static str> = Vec::new();
    for name in fields {
        let Some((_, twin)) = twinned(kind).find(|(f, twin)| f.name == name || twin == name) else {
            return Err(ApiError::validation(
                "fields",
                messages.translation_field.with("field", name.as_str()),
            ));
        };
        if !twins.contains(&twin) {
            twins.push(twin);
        }
    }
    let row = super::items::find::<K>(&db.read, id).await?;
    let view = lifecycle::admin_view::<K>(&row);
    let txn = db.begin().await?;
    let by = Actor::current().username;
    store::confirm(&txn, K::PATH, id, &twins, now, by.as_deref()).await?;
    Event::new("content.translation_confirmed")
        .on(K::RESOURCE.as_str(), id)
        .detail(serde_json::json!({ "fields": twins, "title": lifecycle::title_of(&view) }))
        .save(&txn)
        .await?;
    txn.commit().await?;
    let fields = twin_fields(kind);
    let (changed, confirmed) = futures_util::try_join!(
        store::last_changes(&db.read, K::PATH, Some(id), &fields),
        store::confirmations(&db.read, K::PATH, Some(id)),
    )?;
    Ok(standing(kind, id, &view, &changed, &confirmed))
}
