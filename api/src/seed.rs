//! `concierge seed`: the demo content.

use crate::config::Settings;
use crate::store::Db;

pub async fn run(_db: &Db, _settings: &Settings) -> anyhow::Result<String> {
    Ok("seed: not yet".into())
}
