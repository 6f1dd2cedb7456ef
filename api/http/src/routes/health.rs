//! `GET /healthz` (liveness): 200 when the database answers and takes writes, 503 otherwise,
//! saying why (unreachable; on SQLite, the file locked by another process; the disk that holds
//! the data full). `GET /readyz` (readiness): the same, and the migrations run and the site
//! built.

use std::path::{Path, PathBuf};

use actix_web::{HttpResponse, get, web};

use crate::state::AppState;

/// The least free space, in bytes, a folder of the data needs to take writes: a few WAL frames
/// and an upload's first buffers. Below it, writes fail with `SQLITE_FULL` and `ENOSPC`.
pub const FREE_SPACE_FLOOR: u64 = 1 << 20;

#[get("/healthz")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    match unhealthy(&state).await {
        None => HttpResponse::Ok()
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({ "status": "ok" })),
        Some(reason) => unavailable(reason),
    }
}

/// `GET /readyz`: 200 only when this instance can serve what a load balancer sends it — the
/// database answers and takes writes, storage is not full, every migration has run, and the
/// site has been built — and 503 with the reason otherwise.
#[get("/readyz")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let reason = match unhealthy(&state).await {
        Some(reason) => Some(reason),
        None => match concierge_app::system::migrations_not_run(&state.db).await {
            Some(reason) => Some(reason),
            None => (!state.publisher.is_current().await)
                .then(|| "the site is not built yet (the first build is under way)".to_owned()),
        },
    };
    match reason {
        None => HttpResponse::Ok()
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({ "status": "ready" })),
        Some(reason) => unavailable(reason),
    }
}

/// Why this instance cannot take writes (storage full, the database unreachable or locked).
async fn unhealthy(state: &AppState) -> Option<String> {
    match full_folder(&folders(state)) {
        Some((folder, free)) => Some(format!(
            "storage full: {free} bytes free for {} (writes answer 503 until space is freed)",
            folder.display()
        )),
        None => concierge_app::system::database_trouble(&state.db).await,
    }
}

/// 503 with `reason`, `Retry-After` and the API's message.
fn unavailable(reason: String) -> HttpResponse {
    let message = concierge_core::domain::rules::catalog()
        .messages
        .unavailable
        .clone();
    HttpResponse::ServiceUnavailable()
        .insert_header(("Retry-After", "5"))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(serde_json::json!({
            "status": "unavailable",
            "reason": reason,
            "message": message.current(),
            "errors": {},
        }))
}

/// The folders this instance writes to on local disk: the data directory and, on SQLite, the
/// database's own folder.
pub fn folders(state: &AppState) -> Vec<PathBuf> {
    let mut folders = vec![state.settings.data_dir.clone()];
    if let Some(dir) = concierge_app::system::database_folder(&state.settings.database_url)
        && !folders.contains(&dir)
    {
        folders.push(dir);
    }
    folders
}

/// The first folder whose file system has less than [`FREE_SPACE_FLOOR`] free, and how much.
/// A folder that does not exist (yet) or cannot be asked about is not reported here: the
/// probe's write says whether the database can write.
pub fn full_folder(folders: &[PathBuf]) -> Option<(PathBuf, u64)> {
    folders.iter().find_map(|folder| {
        let free = free_space(folder)?;
        (free < FREE_SPACE_FLOOR).then(|| (folder.clone(), free))
    })
}

pub fn free_space(folder: &Path) -> Option<u64> {
    let stat = rustix::fs::statvfs(folder).ok()?;
    Some(stat.f_bavail.saturating_mul(stat.f_frsize))
}

/// The longest a probe waits for the one write connection.
pub use concierge_app::system::PROBE_WAIT;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_with_room_is_not_full_and_a_missing_one_is_not_reported() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(full_folder(&[dir.path().to_path_buf()]), None);
        assert_eq!(full_folder(&[dir.path().join("not there")]), None);
    }
}
