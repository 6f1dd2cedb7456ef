//! The kinds of content as the product declares them: the six of the specification and
//! destinations, and [`KINDS`], the order the scheduler visits them in.

use super::*;

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
    api: usual(
        "services",
        &[
            ListRoute {
                path: "/display/display-order",
                operation: "list_by_order",
                order: Order::Display,
                parent: None,
                about: "Services by `display_order`, then id (what the site shows).",
            },
            ListRoute {
                path: "",
                operation: "list",
                order: Order::Id,
                parent: None,
                about: "Services by id.",
            },
        ],
    ),
    table: "our_services",
    label: Label {
        en: "Services",
        ar: "الخدمات",
    },
    one: Label {
        en: "Service",
        ar: "خدمة",
    },
    form: |forms| &forms.service,
    fields: &SERVICE_FIELDS,
    list_columns: &["image_url", "name", "display_order", "coming_soon"],
    site: Some(SitePages {
        list: "/services",
        item: "/services/{id}",
    }),
    derived: &[],
    spreadsheets: false,
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
    api: Api {
        lists: &[ListRoute {
            path: "/display-order/{serviceId}",
            operation: "list_for_service",
            order: Order::Display,
            parent: Some(Parent {
                param: "serviceId",
                field: "our_service_id",
            }),
            about: "The items of one service by `display_order`, then id. Unknown service: 404.",
        }],
        ..usual("service lists", &[])
    },
    table: "list_of_services",
    label: Label {
        en: "Service list items",
        ar: "عناصر قوائم الخدمات",
    },
    one: Label {
        en: "Service list item",
        ar: "عنصر قائمة خدمات",
    },
    form: |forms| &forms.service_list,
    fields: &SERVICE_ITEM_FIELDS,
    list_columns: &["image_url", "name", "our_service_id", "display_order"],
    site: None,
    derived: &[],
    spreadsheets: false,
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
    api: usual(
        "blogs",
        &[ListRoute {
            path: "",
            operation: "list",
            order: Order::Display,
            parent: None,
            about: "Blogs by `display_order`, then id. For anonymous callers, a description \
                    longer than 5,000 characters is replaced by its 600-character plain-text \
                    opening (`GET /blog/{id}` has it whole): a list answers kilobytes, not \
                    megabytes. Administrators get every body whole.",
        }],
    ),
    table: "blogs",
    label: Label {
        en: "Blogs",
        ar: "المدونات",
    },
    one: Label {
        en: "Blog",
        ar: "مدونة",
    },
    form: |forms| &forms.blog,
    fields: &BLOG_FIELDS,
    list_columns: &["image_url", "name", "display_order", "created_at"],
    site: Some(SitePages {
        list: "/blogs",
        item: "/{slug}/{id}",
    }),
    derived: &[
        Derived {
            name: "slug",
            from: "name",
        },
        Derived {
            name: "excerpt",
            from: "description",
        },
        Derived {
            name: "excerpt_ar",
            from: "description_ar",
        },
    ],
    spreadsheets: false,
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
    api: usual(
        "client reviews",
        &[
            ListRoute {
                path: "",
                operation: "list",
                order: Order::Newest,
                parent: None,
                about: "Reviews newest first (the admin dashboard).",
            },
            ListRoute {
                path: "/display-order",
                operation: "list_by_order",
                order: Order::Display,
                parent: None,
                about: "Reviews by `display_order`, then id (what the site shows).",
            },
        ],
    ),
    table: "client_reviews",
    label: Label {
        en: "Client reviews",
        ar: "آراء العملاء",
    },
    one: Label {
        en: "Client review",
        ar: "رأي عميل",
    },
    form: |forms| &forms.client_review,
    fields: &REVIEW_FIELDS,
    list_columns: &["image_url", "name", "title", "display_order"],
    site: None,
    derived: &[],
    spreadsheets: false,
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
    api: Api {
        tag: "banners",
        lists: &[ListRoute {
            path: "",
            operation: "list",
            order: Order::Id,
            parent: None,
            about: "Banners in the order they were created.",
        }],
        read: "/get-flashy-banner-by-id/{id}",
        update: "/update-flashy-banner-by-id/{id}",
        delete: "/flashy-banner-delete/{id}",
        one_in_array: true,
    },
    table: "flashy_banners",
    label: Label {
        en: "Banners",
        ar: "اللافتات",
    },
    one: Label {
        en: "Banner",
        ar: "لافتة",
    },
    form: |forms| &forms.banner,
    fields: &BANNER_FIELDS,
    list_columns: &["banner_url", "banner_name", "title"],
    site: None,
    derived: &[],
    spreadsheets: false,
};

const GENERAL_CONTENT_FIELDS: [Field; 4] = [
    Field::new("name", Text),
    Field::twinned("values", "values_ar", Textarea),
    Field::new("values_ar", Textarea),
    Field::new("display_order", Number),
];

/// Strings of the site set by staff: `name` is the string's key (`content/strings`), `values`
/// what the pages show in its place (contact details, figures).
pub static GENERAL_CONTENT: Declaration = Declaration {
    kind: "general-content",
    path: "/general-content-section",
    api: usual(
        "general content",
        &[ListRoute {
            path: "",
            operation: "list",
            order: Order::Display,
            parent: None,
            about: "Entries by `display_order`, then id.",
        }],
    ),
    table: "general_content_sections",
    label: Label {
        en: "General content",
        ar: "المحتوى العام",
    },
    one: Label {
        en: "General content",
        ar: "محتوى عام",
    },
    form: |forms| &forms.general_content,
    fields: &GENERAL_CONTENT_FIELDS,
    list_columns: &["name", "display_order"],
    site: None,
    derived: &[],
    spreadsheets: false,
};

/// The countries the company serves, as a destination's form offers them.
const COUNTRIES: &[Choice] = &[
    Choice {
        value: "SA",
        label: Label {
            en: "Saudi Arabia",
            ar: "المملكة العربية السعودية",
        },
    },
    Choice {
        value: "AE",
        label: Label {
            en: "United Arab Emirates",
            ar: "الإمارات العربية المتحدة",
        },
    },
    Choice {
        value: "BH",
        label: Label {
            en: "Bahrain",
            ar: "البحرين",
        },
    },
    Choice {
        value: "QA",
        label: Label {
            en: "Qatar",
            ar: "قطر",
        },
    },
    Choice {
        value: "GB",
        label: Label {
            en: "United Kingdom",
            ar: "المملكة المتحدة",
        },
    },
    Choice {
        value: "IN",
        label: Label {
            en: "India",
            ar: "الهند",
        },
    },
];

const DESTINATION_FIELDS: [Field; 13] = [
    Field::twinned("name", "name_ar", Text),
    Field::new("name_ar", Text),
    Field {
        options: COUNTRIES,
        ..Field::new("country", Select)
    },
    Field::twinned("summary", "summary_ar", Textarea),
    Field::new("summary_ar", Textarea),
    Field::twinned("description", "description_ar", Richtext),
    Field::new("description_ar", Richtext),
    Field::new("image_url", Image),
    Field::new("display_order", Number),
    Field::twinned("meta_title", "meta_title_ar", Text),
    Field::new("meta_title_ar", Text),
    Field::twinned("meta_description", "meta_description_ar", Textarea),
    Field::new("meta_description_ar", Textarea),
];

/// City guides for the places the company serves, each with its own page.
pub static DESTINATION: Declaration = Declaration {
    kind: "destination",
    path: "/destinations",
    api: usual(
        "destinations",
        &[ListRoute {
            path: "",
            operation: "list",
            order: Order::Display,
            parent: None,
            about: "Destinations by `display_order`, then id (what the site shows).",
        }],
    ),
    table: "destinations",
    label: Label {
        en: "Destinations",
        ar: "الوجهات",
    },
    one: Label {
        en: "Destination",
        ar: "وجهة",
    },
    form: |forms| &forms.destination,
    fields: &DESTINATION_FIELDS,
    list_columns: &["image_url", "name", "country", "display_order"],
    site: Some(SitePages {
        list: "/destinations",
        item: "/destinations/{slug}",
    }),
    derived: &[Derived {
        name: "slug",
        from: "name",
    }],
    spreadsheets: true,
};

/// Every kind, in the order the scheduler visits them (list items before their services, so
/// a purge never leaves an item without its parent).
pub static KINDS: [&Declaration; 7] = [
    &SERVICE_ITEM,
    &SERVICE,
    &BLOG,
    &CLIENT_REVIEW,
    &BANNER,
    &GENERAL_CONTENT,
    &DESTINATION,
];
