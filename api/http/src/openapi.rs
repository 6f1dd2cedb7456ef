//! The OpenAPI description, generated from the handlers' annotations, and for the kinds of
//! content from their declarations ([`concierge_core::kinds`]).

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(title = "Concierge CMS API", version = "1.0.0",
         description = "Content API of the concierge website. Every request carries `x-api-key`; \
                        administrator requests also carry `Authorization: Bearer <token>`, and the \
                        role of that administrator must hold the permission the operation names as \
                        its `bearer` scope (owner: all; editor: content.*, translations, review, media.upload, media.manage, \
                        publishing.retry; contributor: content.read/create/edit, media.upload, \
                        saves as drafts; translator: content.read/edit, translations, Arabic fields \
                        only, saves as drafts; enquiries: enquiries.read/edit, subscriptions.read; every role: \
                        account)."),
    paths(
        routes::auth::login, routes::auth::logout,
        routes::account::show, routes::account::today, routes::account::update, routes::account::change_password, routes::account::list_sessions, routes::account::end_session,
        routes::account::totp_setup, routes::account::totp_enable, routes::account::totp_disable,
        routes::admin_users::list, routes::admin_users::create, routes::admin_users::update, routes::admin_users::remove,
        routes::audit::list,
        routes::kinds::list,
        routes::lifecycle::publish, routes::lifecycle::unpublish, routes::lifecycle::revisions, routes::lifecycle::revision, routes::lifecycle::restore,
        routes::lifecycle::deleted, routes::lifecycle::undelete, routes::lifecycle::discard, routes::lifecycle::scheduled, routes::lifecycle::preview, routes::lifecycle::preview_unsaved,
        routes::translations::list, routes::translations::confirm,
        routes::review::submit, routes::review::waiting, routes::review::give_back,
        routes::events::events,
        routes::presence::here, routes::presence::list, routes::presence::gone,
        routes::contact::create, routes::contact::list, routes::contact::get_one, routes::contact::update, routes::contact::remove,
        routes::contact::add_note, routes::contact::undelete,
        routes::airport::create, routes::airport::list, routes::airport::export, routes::airport::get_one, routes::airport::update,
        routes::airport::remove, routes::airport::add_note, routes::airport::undelete,
        routes::desk::summary, routes::desk::list_assignees,
        routes::subscriptions::create, routes::subscriptions::list, routes::subscriptions::remove,
        routes::publishing::status,
        routes::publishing::retry,
        routes::notifications::status,
        routes::media::upload, routes::media_library::list, routes::media_library::info,
        routes::media_library::update, routes::media_library::remove, routes::media_library::undelete,
        routes::spreadsheets::export_contacts, routes::spreadsheets::import_contacts,
        routes::spreadsheets::import_general_content, routes::spreadsheets::import_unknown,
    ),
    modifiers(&Security),
    security(("api_key" = [])),
)]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-api-key"))),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

const FORBIDDEN: &str = "The administrator's role does not hold the permission this operation \
    names as its `bearer` scope, or the account must first change its one-time password or enrol \
    two-factor sign-in";

const STALE: &str = "Made from a version that is no longer the record's (`If-Match` or the body's \
    `version`): nothing was written; `conflict` says who changed which fields since, with the \
    current record";

/// Whether the operation writes an existing content item or enquiry, which has a version to
/// check.
fn writes_a_version(access: crate::operations::Access) -> bool {
    use concierge_core::roles::Permission as P;
    matches!(
        access,
        crate::operations::Access::Administrator(
            P::ContentEdit
                | P::ContentPublish
                | P::ContentDelete
                | P::EnquiriesEdit
                | P::EnquiriesDelete
        )
    )
}

/// The `If-Match` header of a write: the version it was made from.
fn if_match() -> utoipa::openapi::path::Parameter {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::{ObjectBuilder, Required, Type};
    ParameterBuilder::new()
        .name("If-Match")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "The version the write is made from, as the ETag of the read: `\"3\"`. A stale one \
             is refused with 409; without it (and without `version` in the body) the write is \
             made as before.",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(crate::routes::versions::IF_MATCH_PATTERN)),
        ))
        .build()
}

/// The document with every path under `/api/v1`, each operation listing the error answers
/// every endpoint can give (bad input, missing key or token, unknown id, body too large or of
/// the wrong type, database unavailable).
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    let mut doc = ApiDoc::openapi();
    concierge_app::content::each_kind(&mut KindPaths(&mut doc));
    let error = |description: &str| {
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build(),
        )
    };
    let common = [
        (
            "400",
            "Invalid input: the first failing rule's message, and every field's",
        ),
        (
            "401",
            "Missing or invalid API key, or (administrators) a missing, expired or revoked token",
        ),
        ("404", "No such item"),
        ("405", "Method not allowed on this path"),
        ("413", "Request body too large"),
        ("415", "Unsupported content type"),
        ("429", "Too many failed sign-in attempts"),
        ("503", "The database is temporarily unavailable"),
    ];
    for item in doc.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            for (code, description) in common {
                operation
                    .responses
                    .responses
                    .entry(code.to_owned())
                    .or_insert_with(|| error(description));
            }
            let access = crate::operations::Access::of(operation);
            if access.bearer() {
                operation
                    .responses
                    .responses
                    .entry("403".to_owned())
                    .or_insert_with(|| error(FORBIDDEN));
            }
            if writes_a_version(access) {
                operation
                    .parameters
                    .get_or_insert_with(Vec::new)
                    .push(utoipa::openapi::RefOr::T(if_match()));
                operation
                    .responses
                    .responses
                    .entry("409".to_owned())
                    .or_insert_with(|| error(STALE));
            }
        }
    }
    // A library file's words and focal point carry a version too.
    if let Some(put) = doc
        .paths
        .paths
        .get_mut("/api/v1/media/{name}")
        .and_then(|item| item.put.as_mut())
    {
        put.parameters
            .get_or_insert_with(Vec::new)
            .push(utoipa::openapi::RefOr::T(if_match()));
        put.responses
            .responses
            .entry("409".to_owned())
            .or_insert_with(|| error(STALE));
    }
    refine_inputs(&mut doc);
    doc
}

/// Every kind's operations, as `routes::generic::configure` registers them: the same
/// declaration gives the routes and what the document says of them (and so, through
/// [`crate::operations`], the permission each needs).
struct KindPaths<'a>(&'a mut utoipa::openapi::OpenApi);

impl concierge_app::content::EachKind for KindPaths<'_> {
    fn kind<K: concierge_app::content::Kind>(&mut self) {
        use crate::routes::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
        use crate::routes::generic::ListQuery;
        use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterIn};
        use utoipa::openapi::request_body::RequestBodyBuilder;
        use utoipa::openapi::security::SecurityRequirement;
        use utoipa::openapi::{
            ArrayBuilder, ContentBuilder, Ref, RefOr, Required, ResponseBuilder, schema::Schema,
        };
        use utoipa::{IntoParams, PartialSchema, ToSchema};

        let declaration = K::DECLARATION;
        let api = &declaration.api;
        let doc = &mut *self.0;
        let path = |tail: &str| format!("/api/v1{}{tail}", declaration.path);
        // The envelopes of this kind's rows, named as the annotated routes name theirs.
        let model = K::Model::name();
        let list_envelope = format!("ListEnvelope_{model}");
        let item_envelope = format!("ItemEnvelope_{model}");
        let named = |name: &str| RefOr::Ref(Ref::from_schema_name(name));
        let json = |schema: RefOr<Schema>| ContentBuilder::new().schema(Some(schema)).build();
        let answer = |schema: RefOr<Schema>| {
            ResponseBuilder::new()
                .content("application/json", json(schema))
                .build()
        };
        let error = || answer(named(&ErrorBody::name()));
        let operation = |name: &str| {
            OperationBuilder::new()
                .tag(api.tag)
                .operation_id(Some(name))
        };
        let by = |permission: &str| {
            SecurityRequirement::new("api_key", Vec::<String>::new()).add("bearer", [permission])
        };
        let body = || {
            let input = named(&K::Input::name());
            let schema = if api.one_in_array {
                ArrayBuilder::new().items(input).into()
            } else {
                input
            };
            Some(
                RequestBodyBuilder::new()
                    .content("application/json", json(schema))
                    .required(Some(Required::True))
                    .build(),
            )
        };

        for route in api.lists {
            let mut parameters = Vec::new();
            if let Some(parent) = &route.parent {
                parameters.push(id_parameter(parent.param));
            }
            parameters.extend(ListQuery::into_params(|| Some(ParameterIn::Query)));
            let list = operation(route.operation)
                .summary(Some(route.about))
                .parameters(Some(parameters))
                .response("200", answer(named(&list_envelope)))
                .response(if route.parent.is_some() { "404" } else { "400" }, error());
            doc.paths
                .add_path_operation(path(route.path), vec![HttpMethod::Get], list);
        }
        let item = || answer(named(&item_envelope));
        let get = operation("get_one")
            .parameter(id_parameter("id"))
            .response("200", item())
            .response("404", error());
        doc.paths
            .add_path_operation(path(api.read), vec![HttpMethod::Get], get);
        let create = operation("create")
            .request_body(body())
            .security(by("content.create"))
            .response("201", item())
            .response("400", error());
        doc.paths
            .add_path_operation(path(""), vec![HttpMethod::Post], create);
        let update = operation("update")
            .parameter(id_parameter("id"))
            .request_body(body())
            .security(by("content.edit"))
            .response("200", item())
            .response("400", error())
            .response("404", error());
        doc.paths
            .add_path_operation(path(api.update), vec![HttpMethod::Put], update);
        let mut delete = operation("remove")
            .parameter(id_parameter("id"))
            .security(by("content.delete"))
            .response("200", answer(named(&DeletedEnvelope::name())))
            .response("404", error());
        // A kind that others reference cannot be deleted while their items belong to it.
        let referrers: Vec<&str> = concierge_core::kinds::KINDS
            .iter()
            .filter(|other| {
                other
                    .fields
                    .iter()
                    .any(|f| f.references == Some(declaration.kind))
            })
            .map(|other| other.label.en)
            .collect();
        if !referrers.is_empty() {
            let description = format!(
                "{STALE}; or {} still belong to it, and nothing was deleted",
                referrers.join(", ").to_lowercase()
            );
            let mut conflict = error();
            conflict.description = description;
            delete = delete.response("409", conflict);
        }
        doc.paths
            .add_path_operation(path(api.delete), vec![HttpMethod::Delete], delete);
        if let (Some(export), Some(import)) = (declaration.export_path(), declaration.import_path())
        {
            use crate::routes::spreadsheets::{ImportEnvelope, WorkbookForm};
            const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
            let workbook = ResponseBuilder::new()
                .description("The workbook")
                .content(XLSX, ContentBuilder::new().build())
                .build();
            let export_op = operation("export")
                .summary(Some(
                    "The items not deleted as a workbook, a column a field.",
                ))
                .security(by("content.read"))
                .response("200", workbook)
                .response("404", error());
            doc.paths.add_path_operation(
                format!("/api/v1{export}"),
                vec![HttpMethod::Get],
                export_op,
            );
            let form = RequestBodyBuilder::new()
                .content("multipart/form-data", json(named(&WorkbookForm::name())))
                .required(Some(Required::True))
                .build();
            let import_op = operation("import")
                .summary(Some(
                    "Saves every row of the workbook as the form would (a row with an ID \
                     updates that item), or none: the answer names every bad cell.",
                ))
                .request_body(Some(form))
                .security(by("content.import"))
                .response("200", answer(named(&ImportEnvelope::name())))
                .response("400", error())
                .response("413", error())
                .response("415", error());
            doc.paths.add_path_operation(
                format!("/api/v1{import}"),
                vec![HttpMethod::Post],
                import_op,
            );
        }

        let components = doc.components.get_or_insert_with(Default::default);
        let mut schemas = vec![
            (K::Input::name().into_owned(), K::Input::schema()),
            (K::Model::name().into_owned(), K::Model::schema()),
            (list_envelope, ListEnvelope::<K::Model>::schema()),
            (item_envelope, ItemEnvelope::<K::Model>::schema()),
            (
                DeletedEnvelope::name().into_owned(),
                DeletedEnvelope::schema(),
            ),
        ];
        <K::Input as ToSchema>::schemas(&mut schemas);
        <ListEnvelope<K::Model> as ToSchema>::schemas(&mut schemas);
        <ItemEnvelope<K::Model> as ToSchema>::schemas(&mut schemas);
        <DeletedEnvelope as ToSchema>::schemas(&mut schemas);
        for (name, schema) in schemas {
            components.schemas.entry(name).or_insert(schema);
        }
    }
}

/// A path's id: a whole number from 1.
fn id_parameter(name: &str) -> utoipa::openapi::path::Parameter {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::{ObjectBuilder, Required, Type};
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                    utoipa::openapi::KnownFormat::Int32,
                )))
                .minimum(Some(1)),
        ))
        .build()
}

/// The request schemas spell out what the rules accept, so that clients and fuzzers know it
/// before they send: text without refused characters (and, when required, not blank), links that
/// are web addresses or site paths, colour codes, and a banner body of exactly one object.
fn refine_inputs(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{Schema, SchemaType, Type};
    let refused = concierge_core::domain::rules::refused_chars_class();
    let text_required = format!(r"^[^{refused}]*[^\s{refused}][^{refused}]*$");
    let text_optional = format!(r"^[^{refused}]*$");
    // A web address's host and port as `rules::is_safe_url` takes them, then anything; or a path.
    let link = format!(
        r"(?:[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(?::[0-9]{{1,5}})?(?:[/?#][^\s{refused}]*)?|/(?!/)[^\s{refused}]*)"
    );
    let link_required = format!(r"^\s*{link}\s*$");
    let link_optional = format!(r"^\s*(?:{link})?\s*$");
    let colour = r"^\s*(?:#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]{1,32})\s*$";
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    for (name, schema) in components.schemas.iter_mut() {
        let (true, RefOr::T(Schema::Object(object))) = (name.ends_with("Input"), schema) else {
            continue;
        };
        let form = form_of(name);
        for (field, property) in object.properties.iter_mut() {
            let RefOr::T(Schema::Object(p)) = property else {
                continue;
            };
            // The bounds of the table of rules, which the server checks.
            if let Some(max) = form
                .and_then(|form| form.fields.iter().find(|f| &f.name == field))
                .and_then(|rule| rule.max)
            {
                p.max_length = Some(max);
            }
            let required = p.schema_type == SchemaType::Type(Type::String);
            let optional = p.schema_type == SchemaType::from_iter([Type::String, Type::Null]);
            let own_rule = p.format.is_some() || p.pattern.as_deref().is_some_and(|r| r != r"\S");
            if !(required || optional) || own_rule {
                continue;
            }
            let pattern = match (field.as_str(), required) {
                ("image_url" | "banner_url" | "web_url", true) => link_required.clone(),
                ("image_url" | "banner_url" | "web_url", false) => link_optional.clone(),
                ("color", _) => colour.to_owned(),
                (_, true) => text_required.clone(),
                (_, false) => text_optional.clone(),
            };
            p.pattern = Some(pattern);
        }
    }
    // The only array bodies are the banners': exactly one object.
    for item in doc.paths.paths.values_mut() {
        for operation in [&mut item.post, &mut item.put].into_iter().flatten() {
            let Some(RefOr::T(body)) = operation.request_body.as_mut() else {
                continue;
            };
            for content in body.content.values_mut() {
                let RefOr::T(content) = content else {
                    continue;
                };
                if let Some(RefOr::T(Schema::Array(array))) = content.schema.as_mut() {
                    array.min_items = Some(1);
                    array.max_items = Some(1);
                }
            }
        }
    }
}

/// The form of the table of rules (`rules/forms.json`) a request schema fills in: a kind's
/// input, its declared form.
fn form_of(schema: &str) -> Option<&'static concierge_core::domain::rules::FormRules> {
    use concierge_app::content::{EachKind, Kind};
    use concierge_core::domain::rules::FormRules;
    struct Inputs<'a>(&'a str, Option<&'static FormRules>);
    impl EachKind for Inputs<'_> {
        fn kind<K: Kind>(&mut self) {
            if <K::Input as utoipa::ToSchema>::name() == self.0 {
                self.1 = Some(K::rules());
            }
        }
    }
    let forms = &concierge_core::domain::rules::catalog().forms;
    Some(match schema {
        "ContactInput" => &forms.contact,
        "LoginInput" => &forms.sign_in,
        "SubscriptionInput" => &forms.subscription,
        _ => {
            let mut inputs = Inputs(schema, None);
            concierge_app::content::each_kind(&mut inputs);
            return inputs.1;
        }
    })
}

/// Where the document is served.
pub const DOCUMENT: &str = "/api/v1/openapi.json";

/// What the server keeps of its document: the JSON it serves at [`DOCUMENT`] (and the Swagger
/// UI reads), and the table of its operations. The tree both are made from, utoipa's paths and
/// schemas, is built once and dropped: kept, it was 8.5 MB of a resting server's 30 MB of heap,
/// and again as much for each HTTP worker's copy in the Swagger UI (docs/benchmarks.md).
pub struct Served {
    pub json: actix_web::web::Bytes,
    pub operations: std::sync::Arc<crate::operations::OperationTable>,
}

/// The document as served, made once.
pub fn served() -> &'static Served {
    static SERVED: std::sync::LazyLock<Served> = std::sync::LazyLock::new(|| {
        let doc = document();
        // A document of strings and numbers only: writing it cannot fail.
        let mut json = serde_json::to_vec(&doc).unwrap_or_default();
        json.shrink_to_fit();
        Served {
            json: json.into(),
            operations: std::sync::Arc::new(crate::operations::OperationTable::from_openapi(&doc)),
        }
    });
    &SERVED
}

/// `GET /api/v1/openapi.json`: the document, as written once.
pub async fn serve_document() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(served().json.clone())
}

#[cfg(test)]
mod tests {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::Schema;

    /// The request schemas state the table's bounds, field by field, for every form with one.
    #[test]
    fn request_schemas_carry_the_bounds_of_the_table_of_rules() {
        let doc = super::document();
        let schemas = &doc.components.as_ref().unwrap().schemas;
        let mut checked = 0;
        for (name, schema) in schemas {
            let (Some(form), RefOr::T(Schema::Object(object))) = (super::form_of(name), schema)
            else {
                continue;
            };
            for rule in form.fields.iter().filter(|rule| rule.max.is_some()) {
                let Some(RefOr::T(Schema::Object(property))) = object.properties.get(&rule.name)
                else {
                    continue;
                };
                assert_eq!(property.max_length, rule.max, "{name}.{}", rule.name);
                checked += 1;
            }
        }
        assert!(checked >= 40, "{checked} bounds checked");
    }
}
