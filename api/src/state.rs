//! What every handler can reach.

use std::sync::Arc;

use tokio::sync::Notify;

use crate::config::Settings;
use crate::store::Db;

pub struct AppState {
    pub db: Db,
    pub settings: Settings,
    /// Wakes the publish worker after a write commits.
    pub publish_wakeup: Arc<Notify>,
}
