//! The table of the API's operations: for each method and route pattern, whether it needs a
//! signed-in administrator and which permission ([`concierge_core::roles`]). Built once at
//! start-up from the OpenAPI document (each operation's security names the bearer token or
//! not, and the bearer's one scope is the permission) and handed to the middleware and
//! extractors as data: the permissions are declared once, where the API docs show them.
//!
//! Every look-up is by the route the router matches, never by the raw request path: actix
//! routes the percent-decoded path (`/api/v1/%61dmin-users` is `/api/v1/admin-users`), so the
//! table is asked with that same decoded path ([`routed_path`]) and matches it with the
//! router's own pattern type, `ResourceDef`. After routing, [`OperationTable::matched`] takes
//! the pattern the router actually chose.

use actix_web::dev::ResourceDef;
use actix_web::http::Method;
use concierge_core::roles::Permission;

/// What an operation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The API key alone.
    Anonymous,
    /// A signed-in administrator (`Authorization: Bearer`) whose role holds the permission.
    Administrator(Permission),
    /// An administrator's operation whose permission is missing or unknown: refused to every
    /// role (and a test fails on it).
    Undeclared,
}

impl Access {
    /// Whether the operation needs a signed-in administrator.
    pub fn bearer(self) -> bool {
        self != Access::Anonymous
    }

    /// Whether an administrator of `role` may run it.
    pub fn allows(self, role: concierge_core::roles::Role) -> bool {
        match self {
            Access::Anonymous => true,
            Access::Administrator(permission) => role.may(permission),
            Access::Undeclared => false,
        }
    }

    /// An operation's access, from its security requirements: anonymous without the bearer
    /// scheme; with it, the one permission its scopes name.
    pub fn of(operation: &utoipa::openapi::path::Operation) -> Access {
        let security = serde_json::to_value(&operation.security).unwrap_or_default();
        let scopes = security.as_array().and_then(|list| {
            list.iter()
                .find_map(|requirement| requirement.get("bearer")?.as_array().cloned())
        });
        let Some(scopes) = scopes else {
            return Access::Anonymous;
        };
        match scopes.as_slice() {
            [scope] => scope
                .as_str()
                .and_then(Permission::parse)
                .map_or(Access::Undeclared, Access::Administrator),
            _ => Access::Undeclared,
        }
    }
}

/// One operation of the API.
#[derive(Debug)]
pub struct Operation {
    pub method: Method,
    /// The route pattern, as the OpenAPI document and the router spell it
    /// (`/api/v1/blog/{id}`).
    pub pattern: String,
    pub access: Access,
    def: ResourceDef,
    /// `{parameter}` segments: fewer first, as literal routes are registered before their
    /// `/{id}` siblings.
    parameters: usize,
}

/// Every operation of the API, literal routes before parameterised ones.
#[derive(Debug)]
pub struct OperationTable {
    operations: Vec<Operation>,
}

/// The path the router matches: the request's path percent-decoded (all but `%`, `/` and `+`,
/// which stay encoded), as actix's `Url` keeps it.
pub fn routed_path(req: &actix_web::HttpRequest) -> &str {
    req.match_info().as_str()
}

impl OperationTable {
    /// The table of the OpenAPI document `doc`.
    pub fn from_openapi(doc: &utoipa::openapi::OpenApi) -> OperationTable {
        let mut operations = Vec::new();
        for (pattern, item) in &doc.paths.paths {
            for (method, operation) in [
                (Method::GET, &item.get),
                (Method::PUT, &item.put),
                (Method::POST, &item.post),
                (Method::DELETE, &item.delete),
                (Method::PATCH, &item.patch),
            ] {
                let Some(operation) = operation else {
                    continue;
                };
                operations.push(Operation {
                    method,
                    pattern: pattern.clone(),
                    access: Access::of(operation),
                    def: ResourceDef::new(pattern.as_str()),
                    parameters: pattern.matches('{').count(),
                });
            }
        }
        operations.sort_by_key(|o| o.parameters);
        OperationTable { operations }
    }

    /// The operation the router will run for `method` on the decoded `path`, if any.
    pub fn resolve(&self, method: &Method, path: &str) -> Option<&Operation> {
        let path = trimmed(path);
        self.at(path).find(|o| o.method == method)
    }

    /// The operation whose pattern the router matched (after routing).
    pub fn matched(&self, method: &Method, pattern: &str) -> Option<&Operation> {
        self.operations
            .iter()
            .find(|o| o.method == method && o.pattern == pattern)
    }

    /// The methods answered on the decoded `path`, if it is a route of the API (for 405).
    pub fn methods_at(&self, path: &str) -> Option<Vec<&Method>> {
        let path = trimmed(path);
        let pattern = self.at(path).next()?.pattern.as_str();
        Some(self.methods_of(pattern))
    }

    /// The methods of the literal route (no `{parameter}`) the decoded `path` names, such as
    /// `/api/v1/client-reviewes/display-order`: a method it does not answer is a 405 there,
    /// not its `/{id}` sibling's.
    pub fn literal_methods(&self, path: &str) -> Option<Vec<&Method>> {
        let path = trimmed(path);
        let literal = self
            .operations
            .iter()
            .find(|o| o.parameters == 0 && o.pattern == path)?;
        Some(self.methods_of(&literal.pattern))
    }

    pub fn iter(&self) -> impl Iterator<Item = &Operation> {
        self.operations.iter()
    }

    fn at<'a, 'p>(&'a self, path: &'p str) -> impl Iterator<Item = &'a Operation> + use<'a, 'p> {
        self.operations.iter().filter(move |o| o.def.is_match(path))
    }

    fn methods_of(&self, pattern: &str) -> Vec<&Method> {
        self.operations
            .iter()
            .filter(|o| o.pattern == pattern)
            .map(|o| &o.method)
            .collect()
    }
}

fn trimmed(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> OperationTable {
        OperationTable::from_openapi(&crate::openapi::document())
    }

    #[test]
    fn every_operation_resolves_to_itself_from_a_concrete_path() {
        let table = table();
        for operation in table.iter() {
            let concrete = operation
                .pattern
                .split('/')
                .map(|s| if s.starts_with('{') { "7" } else { s })
                .collect::<Vec<_>>()
                .join("/");
            let resolved = table.resolve(&operation.method, &concrete).unwrap();
            assert_eq!(
                resolved.pattern, operation.pattern,
                "{} {concrete}",
                operation.method
            );
        }
    }

    #[test]
    fn every_administrators_operation_declares_one_known_permission() {
        for operation in table().iter() {
            assert_ne!(
                operation.access,
                Access::Undeclared,
                "{} {} needs one `bearer` scope naming a permission of concierge_core::roles",
                operation.method,
                operation.pattern
            );
        }
    }

    #[test]
    fn literal_routes_come_before_their_parameter_siblings() {
        let table = table();
        let export = table
            .resolve(&Method::GET, "/api/v1/contact-us/export")
            .unwrap();
        assert_eq!(export.pattern, "/api/v1/contact-us/export");
        let one = table
            .resolve(&Method::GET, "/api/v1/contact-us/12")
            .unwrap();
        assert_eq!(one.pattern, "/api/v1/contact-us/{id}");
        assert_eq!(one.access, Access::Administrator(Permission::EnquiriesRead));
        let anonymous = table.resolve(&Method::GET, "/api/v1/blog/12").unwrap();
        assert_eq!(anonymous.access, Access::Anonymous);
        assert!(
            table
                .resolve(&Method::GET, "/api/v1/nothing-here")
                .is_none()
        );
        assert_eq!(
            table.literal_methods("/api/v1/client-reviewes/display-order"),
            Some(vec![&Method::GET])
        );
    }
}
