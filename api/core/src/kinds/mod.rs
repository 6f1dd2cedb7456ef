//! The content model: each kind of public content declared once, as data — its name in the
//! lifecycle's paths, its API collection, its table, its label in both languages, its fields
//! (type, Arabic twin, the kind they reference, the choices they offer), the columns its admin
//! list shows and its public pages. A feature that spans kinds reads [`KINDS`] rather than a
//! list of its own: so far `GET /api/v1/kinds`, the media usage index, the scheduler's order,
//! the lifecycle's lists across kinds and the translator's rule (an Arabic field is a twin, or
//! derived from one: [`Declaration::is_arabic`]). A field's label, bound and
//! required message are the form's, in the table of rules ([`crate::domain::rules`]): the
//! declaration names the form, and a test holds the two to the same fields.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::rules::{FormRules, Forms, catalog};

/// A text in both languages, as the declaration writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Label {
    pub en: &'static str,
    pub ar: &'static str,
}

impl Label {
    pub fn get(&self, lang: crate::i18n::Lang) -> &'static str {
        match lang {
            crate::i18n::Lang::En => self.en,
            crate::i18n::Lang::Ar => self.ar,
        }
    }
}

/// What a field holds, and so how the admin edits it and the API checks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FieldType {
    /// One line of text.
    Text,
    /// Several lines of plain text.
    Textarea,
    /// Formatted text (sanitised HTML).
    Richtext,
    /// A file of the media library, by its URL.
    Image,
    /// A whole number.
    Number,
    /// One of [`Field::options`].
    Select,
    /// An item of another kind ([`Field::references`]), by its id.
    Reference,
    /// Lines of "key: value" pairs.
    KeyValues,
    /// A calendar date.
    Date,
    /// A colour (`#rrggbb`, or a CSS colour name).
    Colour,
}

/// One choice of a [`FieldType::Select`] field: the value stored and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Choice {
    pub value: &'static str,
    pub label: Label,
}

/// One field of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Its name in the API, the table and the form (the specification's spelling).
    pub name: &'static str,
    pub ty: FieldType,
    /// The field holding its Arabic text (an English field only).
    pub twin: Option<&'static str>,
    /// A [`FieldType::Select`]'s choices.
    pub options: &'static [Choice],
    /// A [`FieldType::Reference`]'s kind ([`Declaration::kind`]).
    pub references: Option<&'static str>,
}

impl Field {
    const fn new(name: &'static str, ty: FieldType) -> Field {
        Field {
            name,
            ty,
            twin: None,
            options: &[],
            references: None,
        }
    }

    /// An English field whose Arabic text is in `twin` (a field of its own, of the same type).
    const fn twinned(name: &'static str, twin: &'static str, ty: FieldType) -> Field {
        Field {
            twin: Some(twin),
            ..Field::new(name, ty)
        }
    }
}

/// A kind's public pages, as URL patterns (the Arabic site prefixes them with `/ar`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct SitePages {
    /// The page listing the kind's items.
    pub list: &'static str,
    /// Each item's own page.
    pub item: &'static str,
}

/// How a list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// By `display_order`, then id: what the site shows.
    Display,
    /// By id, oldest first.
    Id,
    /// By id, newest first.
    Newest,
}

/// A kind's routes under its collection ([`Declaration::path`]), as the specification spells
/// them: each kind's differ. Every kind answers the same five operations (its lists, one
/// item, create, update, delete); the routes, their OpenAPI entries and their permissions all
/// follow from this.
#[derive(Debug)]
pub struct Api {
    /// The OpenAPI tag of its operations.
    pub tag: &'static str,
    /// Its lists (anonymous readers get what is live).
    pub lists: &'static [ListRoute],
    /// One item's read, after the collection's path, with `{id}`.
    pub read: &'static str,
    /// One item's update (`PUT`), with `{id}`.
    pub update: &'static str,
    /// One item's delete (`DELETE`), with `{id}`.
    pub delete: &'static str,
    /// A save's body is an array holding exactly one object (the banners').
    pub one_in_array: bool,
}

/// One list of a kind.
#[derive(Debug)]
pub struct ListRoute {
    /// After the collection's path (`""`: the collection itself).
    pub path: &'static str,
    /// Its operation's id in the OpenAPI document (`list`, `list_by_order`).
    pub operation: &'static str,
    /// How its items are sorted.
    pub order: Order,
    /// The items of one parent: the path's parameter (its last segment), and the reference
    /// field it matches. An unknown parent is 404.
    pub parent: Option<Parent>,
    /// What the list is, in the API's description.
    pub about: &'static str,
}

/// The parent a list is narrowed to ([`ListRoute::parent`]).
#[derive(Debug)]
pub struct Parent {
    /// The path parameter (`serviceId`).
    pub param: &'static str,
    /// The [`FieldType::Reference`] field it matches.
    pub field: &'static str,
}

/// A kind's usual routes: `lists` under its collection, and an item at `/{id}`.
const fn usual(tag: &'static str, lists: &'static [ListRoute]) -> Api {
    Api {
        tag,
        lists,
        read: "/{id}",
        update: "/{id}",
        delete: "/{id}",
        one_in_array: false,
    }
}

/// One kind of content, declared once.
#[derive(Debug)]
pub struct Declaration {
    /// Its name in the lifecycle's paths (`/api/v1/content/{kind}/…`) and the audit log.
    pub kind: &'static str,
    /// Its API collection (`/api/v1` + this).
    pub path: &'static str,
    /// Its routes under `path`.
    pub api: Api,
    /// Its table.
    pub table: &'static str,
    /// What a list of its items is called ("Client reviews").
    pub label: Label,
    /// What one item is called ("Client review").
    pub one: Label,
    /// Its form in the table of rules: each field's label, bound and required message.
    pub form: fn(&'static Forms) -> &'static FormRules,
    /// Its fields in the form's order, Arabic twins after their English fields.
    pub fields: &'static [Field],
    /// The fields its admin list shows, in order.
    pub list_columns: &'static [&'static str],
    /// Its public pages; `None` when it is shown only inside other pages.
    pub site: Option<SitePages>,
    /// The fields a save fills from others (not in the form): each is its source's language.
    pub derived: &'static [Derived],
    /// Its items go out to a workbook and come back from one: `GET {path}/export` and
    /// `POST /import{path}`, a column a field ([`Declaration::export_path`]).
    pub spreadsheets: bool,
}

/// A field a save computes from another (a blog's slug from its name), never sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Derived {
    /// The field's name in the API and the table.
    pub name: &'static str,
    /// The field it is made from.
    pub from: &'static str,
}

impl Declaration {
    /// The kind's form in the table of rules.
    pub fn rules(&self) -> &'static FormRules {
        (self.form)(&catalog().forms)
    }

    /// Its workbook's download (`/destinations/export`), under `/api/v1`.
    pub fn export_path(&self) -> Option<String> {
        self.spreadsheets.then(|| format!("{}/export", self.path))
    }

    /// Where its workbook is sent back (`/import/destinations`), under `/api/v1`.
    pub fn import_path(&self) -> Option<String> {
        self.spreadsheets.then(|| format!("/import{}", self.path))
    }

    /// Its form's name in the table of rules.
    pub fn form_name(&self) -> &'static str {
        let rules = self.rules();
        catalog()
            .forms
            .all()
            .into_iter()
            .find(|(_, form)| std::ptr::eq(*form, rules))
            .map(|(name, _)| name)
            .expect("a kind's form is in the table")
    }

    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Whether `name` holds Arabic text: an Arabic twin, or a field derived from one (a
    /// blog's Arabic excerpt). What a translator may change, and what a save that leaves it
    /// out keeps.
    pub fn is_arabic(&self, name: &str) -> bool {
        self.fields.iter().any(|f| f.twin == Some(name))
            || self
                .derived
                .iter()
                .any(|d| d.name == name && self.is_arabic(d.from))
    }
}

/// A kind as `GET /api/v1/kinds` describes it: the declaration with each field's label,
/// bound and required-ness from its form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindView {
    /// The name in the lifecycle's paths (`/api/v1/content/{kind}/…`).
    pub kind: &'static str,
    /// The API collection, under `/api/v1`.
    pub path: &'static str,
    /// Its form's name in the table of rules (`rules/forms.json`).
    pub form: &'static str,
    pub label: Label,
    pub one: Label,
    /// The paths the admin calls, under `/api/v1`.
    pub routes: RoutesView,
    pub fields: Vec<FieldView>,
    pub list_columns: &'static [&'static str],
    /// Drafts, schedules, history and versions: every kind has them.
    pub lifecycle: bool,
    pub site: Option<SitePages>,
}

/// A kind's paths as the admin calls them ([`Api`]), under `/api/v1`; `{id}` is an item's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoutesView {
    /// The admin's list: newest first where the kind has such a list, else its first; none
    /// when every list is one parent's.
    pub list: Option<String>,
    /// Where every list is one parent's: that list, and the reference field naming the parent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_parent: Option<ByParentView>,
    pub read: String,
    pub update: String,
    pub delete: String,
    /// A save's body is an array holding exactly one object.
    pub one_in_array: bool,
    /// Its workbook, when it has spreadsheets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub export: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub import: Option<String>,
}

/// The list of one parent's items ([`RoutesView::by_parent`]): `path` with `{param}` for the
/// parent's id (`/list-of-services/display-order/{serviceId}`), and the reference `field` of
/// each item that names it (`our_service_id`, whose `references` gives the parent's kind).
#[derive(Debug, Serialize, ToSchema)]
pub struct ByParentView {
    pub path: String,
    pub param: &'static str,
    pub field: &'static str,
}

/// One field of a [`KindView`].
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldView {
    pub name: &'static str,
    #[serde(rename = "type")]
    pub ty: FieldType,
    pub required: bool,
    /// The most characters it takes, where its form bounds it.
    pub max: Option<usize>,
    /// The field holding its Arabic text.
    pub twin: Option<&'static str>,
    pub label: crate::i18n::Text,
    #[serde(skip_serializing_if = "<[Choice]>::is_empty")]
    pub options: &'static [Choice],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub references: Option<&'static str>,
}

impl Declaration {
    /// The kind as `GET /api/v1/kinds` describes it.
    pub fn view(&self) -> KindView {
        let rules = self.rules();
        let api = &self.api;
        let list = api
            .lists
            .iter()
            .filter(|l| l.parent.is_none())
            .min_by_key(|l| l.order != Order::Newest)
            .map(|l| format!("{}{}", self.path, l.path));
        let by_parent = match list {
            Some(_) => None,
            None => api.lists.iter().find_map(|l| {
                l.parent.as_ref().map(|parent| ByParentView {
                    path: format!("{}{}", self.path, l.path),
                    param: parent.param,
                    field: parent.field,
                })
            }),
        };
        KindView {
            kind: self.kind,
            path: self.path,
            form: self.form_name(),
            label: self.label,
            one: self.one,
            routes: RoutesView {
                list,
                by_parent,
                read: format!("{}{}", self.path, api.read),
                update: format!("{}{}", self.path, api.update),
                delete: format!("{}{}", self.path, api.delete),
                one_in_array: api.one_in_array,
                export: self.export_path(),
                import: self.import_path(),
            },
            fields: self
                .fields
                .iter()
                .map(|field| {
                    let rule = rules.field(field.name);
                    FieldView {
                        name: field.name,
                        ty: field.ty,
                        required: rule.required.is_some(),
                        max: rule.max,
                        twin: field.twin,
                        label: rule.label.clone(),
                        options: field.options,
                        references: field.references,
                    }
                })
                .collect(),
            list_columns: self.list_columns,
            lifecycle: true,
            site: self.site,
        }
    }
}

/// The declared kind named `kind` in the lifecycle's paths.
pub fn declared(kind: &str) -> Option<&'static Declaration> {
    KINDS.iter().copied().find(|d| d.kind == kind)
}

mod declarations;

pub use declarations::*;

#[cfg(test)]
mod tests {
    use super::FieldType::*;
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn each_kind_declares_exactly_the_fields_of_its_form() {
        for kind in KINDS {
            let declared: BTreeSet<&str> = kind.fields.iter().map(|f| f.name).collect();
            assert_eq!(
                declared.len(),
                kind.fields.len(),
                "{}: a field twice",
                kind.kind
            );
            let form: BTreeSet<&str> = kind
                .rules()
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect();
            assert_eq!(
                declared, form,
                "{}: the declaration and its form",
                kind.kind
            );
        }
    }

    #[test]
    fn twins_columns_and_references_name_declared_things() {
        let names: BTreeSet<&str> = KINDS.iter().map(|k| k.kind).collect();
        assert_eq!(names.len(), KINDS.len(), "a kind declared twice");
        for kind in KINDS {
            for field in kind.fields {
                if let Some(twin) = field.twin {
                    // The admin and the site's fallbacks still know a twin by this name.
                    assert!(twin.ends_with("_ar"), "{}.{twin}", kind.kind);
                    let twin = kind.field(twin).expect("a twin is a field");
                    assert_eq!(twin.ty, field.ty, "{}.{}", kind.kind, twin.name);
                    assert!(twin.twin.is_none());
                }
                assert_eq!(field.ty == Reference, field.references.is_some());
                if let Some(other) = field.references {
                    assert!(
                        declared(other).is_some(),
                        "{} references {other}",
                        kind.kind
                    );
                }
                assert_eq!(field.ty == Select, !field.options.is_empty());
            }
            for derived in kind.derived {
                assert!(
                    kind.field(derived.name).is_none(),
                    "{}.{}",
                    kind.kind,
                    derived.name
                );
                assert!(
                    kind.field(derived.from).is_some(),
                    "{}.{}",
                    kind.kind,
                    derived.from
                );
            }
            for column in kind.list_columns {
                let bookkeeping = matches!(*column, "created_at" | "updated_at");
                assert!(
                    bookkeeping || kind.field(column).is_some(),
                    "{}.{column}",
                    kind.kind
                );
            }
        }
    }

    #[test]
    fn arabic_fields_are_the_twins_and_what_is_derived_from_them() {
        assert!(BLOG.is_arabic("name_ar") && BLOG.is_arabic("excerpt_ar"));
        for english in ["name", "excerpt", "slug", "display_order", "image_url"] {
            assert!(!BLOG.is_arabic(english), "{english}");
        }
        assert!(BANNER.is_arabic("sub_title_ar") && !BANNER.is_arabic("banner_name"));
        assert!(GENERAL_CONTENT.is_arabic("values_ar") && !GENERAL_CONTENT.is_arabic("name"));
    }

    #[test]
    fn each_kinds_routes_name_an_item_by_its_id_and_a_parent_by_a_reference() {
        for kind in KINDS {
            let api = &kind.api;
            assert!(!api.lists.is_empty(), "{}: no list", kind.kind);
            for tail in [api.read, api.update, api.delete] {
                assert!(tail.ends_with("/{id}"), "{}{tail}", kind.path);
                assert_eq!(tail.matches('{').count(), 1, "{}{tail}", kind.path);
            }
            let mut lists = BTreeSet::new();
            let mut operations = BTreeSet::new();
            for list in api.lists {
                assert!(lists.insert(list.path), "{}{}: twice", kind.path, list.path);
                assert!(
                    operations.insert(list.operation),
                    "{}: {} twice",
                    kind.kind,
                    list.operation
                );
                assert!(list.path.is_empty() || list.path.starts_with('/'));
                assert!(!list.about.is_empty());
                match &list.parent {
                    Some(parent) => {
                        let last = format!("/{{{}}}", parent.param);
                        assert!(list.path.ends_with(&last), "{}{}", kind.path, list.path);
                        assert_eq!(list.path.matches('{').count(), 1);
                        let field = kind.field(parent.field).expect("a parent is a field");
                        assert_eq!(field.ty, Reference, "{}.{}", kind.kind, field.name);
                    }
                    None => assert!(!list.path.contains('{'), "{}{}", kind.path, list.path),
                }
            }
        }
    }
}
