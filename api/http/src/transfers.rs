//! The audit log's lines for spreadsheet transfers. The handlers are the spreadsheets'; the
//! auth middleware, which knows who acted and how the request ended, writes the line here.

use concierge_store::audit;

/// Records a spreadsheet export or import that succeeded (the handlers are the spreadsheets';
/// the log learns of them here, from the request that made them).
pub async fn record_transfer(
    db: &impl sea_orm::ConnectionTrait,
    actor: &concierge_core::actor::Actor,
    req: &actix_web::HttpRequest,
) -> Result<(), concierge_core::error::ApiError> {
    use actix_web::http::Method;
    // The route the router matched: `/contact-us/%65xport` is the export too.
    let pattern = req.match_pattern().unwrap_or_default();
    let event = match (req.method(), pattern.as_str()) {
        (&Method::GET, "/api/v1/contact-us/export") => {
            audit::Event::new("export").on("contact_us", "all")
        }
        (&Method::POST, "/api/v1/import/{kind}") => {
            let kind = req.match_info().get("kind").unwrap_or_default().to_owned();
            audit::Event::new("import").on(&kind, "all")
        }
        _ => return Ok(()),
    };
    event.save_as(db, actor).await?;
    Ok(())
}
