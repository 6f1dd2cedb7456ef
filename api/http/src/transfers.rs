//! The audit log's lines for spreadsheet transfers. The handlers are the spreadsheets'; the
//! auth middleware, which knows who acted and how the request ended, records the line.

use concierge_app::audit::{self, Transfer};
use concierge_core::actor::Actor;

/// Records a spreadsheet export or import that succeeded (the handlers are the spreadsheets';
/// the log learns of them here, from the request that made them).
pub async fn record_transfer(
    db: &concierge_app::Db,
    actor: &Actor,
    req: &actix_web::HttpRequest,
) -> Result<(), concierge_core::error::ApiError> {
    use actix_web::http::Method;
    // The route the router matched: `/contact-us/%65xport` is the export too.
    let pattern = req.match_pattern().unwrap_or_default();
    let transfer = match (req.method(), pattern.as_str()) {
        (&Method::GET, "/api/v1/contact-us/export") => Transfer::Export("contact_us"),
        (&Method::POST, "/api/v1/import/{kind}") => {
            Transfer::Import(req.match_info().get("kind").unwrap_or_default().to_owned())
        }
        _ => return Ok(()),
    };
    audit::transfer(db, actor, transfer).await
}
