//! The table of the API's operations: for each method and route pattern, whether it needs a
//! signed-in administrator. Built once at start-up from the OpenAPI document (each operation's
//! security names the bearer token or not) and handed to the middleware and extractors as data.
//!
//! Every look-up is by the route the router matches, never by the raw request path: actix
//! routes the percent-decoded path (`/api/v1/%61dmin-users` is `/api/v1/admin-users`), so the
//! table is asked with that same decoded path ([`routed_path`]) and matches it with the
//! router's own pattern type, `ResourceDef`. After routing, [`OperationTable::matched`] takes
//! the pattern the router actually chose.

use actix_web::dev::ResourceDef;
use actix_web::http::Method;

/// What an operation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The API key alone.
    Anonymous,
    /// A signed-in administrator (`Authorization: Bearer`).
    Administrator,
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
                let security = serde_json::to_value(&operation.security).unwrap_or_default();
                let bearer = security
                    .as_array()
                    .is_some_and(|list| list.iter().any(|r| r.get("bearer").is_some()));
                operations.push(Operation {
                    method,
                    pattern: pattern.clone(),
                    access: if bearer {
                        Access::Administrator
                    } else {
                        Access::Anonymous
                    },
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
        OperationTable::from_openapi(crate::openapi::shared())
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
        assert_eq!(one.access, Access::Administrator);
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
