//! The content model: each kind of public content declared once, as data — its name in the
//! lifecycle's paths, its API collection, its table, its label in both languages, its fields
//! (type, Arabic twin, the kind they reference, the choices they offer), the columns its admin
//! list shows and its public pages. A feature that spans kinds reads [`KINDS`] rather than a
//! list of its own: so far `GET /api/v1/kinds`, the media usage index, the scheduler's order
//! and the lifecycle's lists across kinds (the translator's rule still knows an Arabic field
//! by its `_ar` name, which the declaration's test requires of every twin). A field's label, bound and
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

/// One kind of content, declared once.
#[derive(Debug)]
pub struct Declaration {
    /// Its name in the lifecycle's paths (`/api/v1/content/{kind}/…`) and the audit log.
    pub kind: &'static str,
    /// Its API collection (`/api/v1` + this).
    pub path: &'static str,
    /// Its table.
    pub table: &'static str,
    pub label: Label,
    /// Its form in the table of rules: each field's label, bound and required message.
    pub form: fn(&'static Forms) -> &'static FormRules,
    /// Its fields in the form's order, Arabic twins after their English fields.
    pub fields: &'static [Field],
    /// The fields its admin list shows, in order.
    pub list_columns: &'static [&'static str],
    /// Its public pages; `None` when it is shown only inside other pages.
    pub site: Option<SitePages>,
}

impl Declaration {
    /// The kind's form in the table of rules.
    pub fn rules(&self) -> &'static FormRules {
        (self.form)(&catalog().forms)
    }

    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
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
    pub label: Label,
    pub fields: Vec<FieldView>,
    pub list_columns: &'static [&'static str],
    /// Drafts, schedules, history and versions: every kind has them.
    pub lifecycle: bool,
    pub site: Option<SitePages>,
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
        KindView {
            kind: self.kind,
            path: self.path,
            label: self.label,
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

use FieldType::*;

/// A service's availability, as its form offers it.
const AVAILABILITY: &[Choice] = &[
    Choice {
        value: "false",
        label: Label {
            en: "Available",
            ar: "متاحة",
        },
    },
    Choice {
        value: "true",
        label: Label {
            en: "Coming soon",
            ar: "قريبًا",
        },
    },
];

const SERVICE_FIELDS: [Field; 10] = [
    Field::twinned("name", "name_ar", Text),
    Field::new("name_ar", Text),
    Field::twinned("description", "description_ar", Textarea),
    Field::new("description_ar", Textarea),
    Field::twinned("content", "content_ar", Textarea),
    Field::new("content_ar", Textarea),
    Field::new("display_order", Number),
    Field::new("image_url", Image),
    Field::new("color", Colour),
    Field {
        options: AVAILABILITY,
        ..Field::new("coming_soon", Select)
    },
];

/// The company's services, each with its own page.
pub static SERVICE: Declaration = Declaration {
    kind: "service",
    path: "/our-services",
    table: "our_services",
    label: Label {
        en: "Services",
        ar: "الخدمات",
    },
    form: |forms| &forms.service,
    fields: &SERVICE_FIELDS,
    list_columns: &["image_url", "name", "display_order", "coming_soon"],
    site: Some(SitePages {
        list: "/services",
        item: "/services/{id}",
    }),
};

const SERVICE_ITEM_FIELDS: [Field; 8] = [
    Field {
        references: Some("service"),
        ..Field::new("our_service_id", Reference)
    },
    Field::twinned("name", "name_ar", Text),
    Field::new("name_ar", Text),
    Field::twinned("description", "description_ar", Textarea),
    Field::new("description_ar", Textarea),
    Field::new("display_order", Number),
    Field::new("image_url", Image),
    Field::new("titleBgClass", Text),
];

/// The items listed on a service's page.
pub static SERVICE_ITEM: Declaration = Declaration {
    kind: "service-list",
    path: "/list-of-services",
    table: "list_of_services",
    label: Label {
        en: "Service list items",
        ar: "عناصر قوائم الخدمات",
    },
    form: |forms| &forms.service_list,
    fields: &SERVICE_ITEM_FIELDS,
    list_columns: &["image_url", "name", "our_service_id", "display_order"],
    site: None,
};

const BLOG_FIELDS: [Field; 12] = [
    Field::twinned("name", "name_ar", Text),
    Field::new("name_ar", Text),
    Field::twinned("description", "description_ar", Richtext),
    Field::new("description_ar", Richtext),
    Field::new("display_order", Number),
    Field::new("image_url", Image),
    Field::twinned("meta_title", "meta_title_ar", Text),
    Field::new("meta_title_ar", Text),
    Field::twinned("meta_description", "meta_description_ar", Textarea),
    Field::new("meta_description_ar", Textarea),
    Field::twinned("key_words", "key_words_ar", Text),
    Field::new("key_words_ar", Text),
];

/// The journal's articles, each with its own page.
pub static BLOG: Declaration = Declaration {
    kind: "blog",
    path: "/blog",
    table: "blogs",
    label: Label {
        en: "Blogs",
        ar: "المدونات",
    },
    form: |forms| &forms.blog,
    fields: &BLOG_FIELDS,
    list_columns: &["image_url", "name", "display_order", "created_at"],
    site: Some(SitePages {
        list: "/blogs",
        item: "/{slug}/{id}",
    }),
};

const REVIEW_FIELDS: [Field; 8] = [
    Field::twinned("title", "title_ar", Text),
    Field::new("title_ar", Text),
    Field::twinned("name", "name_ar", Text),
    Field::new("name_ar", Text),
    Field::twinned("description", "description_ar", Textarea),
    Field::new("description_ar", Textarea),
    Field::new("display_order", Number),
    Field::new("image_url", Image),
];

/// What clients say, shown on the home page.
pub static CLIENT_REVIEW: Declaration = Declaration {
    kind: "client-review",
    path: "/client-reviewes",
    table: "client_reviews",
    label: Label {
        en: "Client reviews",
        ar: "آراء العملاء",
    },
    form: |forms| &forms.client_review,
    fields: &REVIEW_FIELDS,
    list_columns: &["image_url", "name", "title", "display_order"],
    site: None,
};

const BANNER_FIELDS: [Field; 8] = [
    Field::new("banner_name", Text),
    Field::twinned("title", "title_ar", Text),
    Field::new("title_ar", Text),
    Field::twinned("sub_title", "sub_title_ar", Text),
    Field::new("sub_title_ar", Text),
    Field::new("banner_url", Image),
    Field::new("image_id", Text),
    Field::new("web_url", Text),
];

/// The home page's banners.
pub static BANNER: Declaration = Declaration {
    kind: "banner",
    path: "/flashy-banner",
    table: "flashy_banners",
    label: Label {
        en: "Banners",
        ar: "اللافتات",
    },
    form: |forms| &forms.banner,
    fields: &BANNER_FIELDS,
    list_columns: &["banner_url", "banner_name", "title"],
    site: None,
};

const GENERAL_CONTENT_FIELDS: [Field; 4] = [
    Field::new("name", Text),
    Field::twinned("values", "values_ar", KeyValues),
    Field::new("values_ar", KeyValues),
    Field::new("display_order", Number),
];

/// Sections of key-value content shown across the site (contact details, figures).
pub static GENERAL_CONTENT: Declaration = Declaration {
    kind: "general-content",
    path: "/general-content-section",
    table: "general_content_sections",
    label: Label {
        en: "General content",
        ar: "المحتوى العام",
    },
    form: |forms| &forms.general_content,
    fields: &GENERAL_CONTENT_FIELDS,
    list_columns: &["name", "display_order"],
    site: None,
};

/// Every kind, in the order the scheduler visits them (list items before their services, so
/// a purge never leaves an item without its parent).
pub static KINDS: [&Declaration; 6] = [
    &SERVICE_ITEM,
    &SERVICE,
    &BLOG,
    &CLIENT_REVIEW,
    &BANNER,
    &GENERAL_CONTENT,
];

#[cfg(test)]
mod tests {
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
}
