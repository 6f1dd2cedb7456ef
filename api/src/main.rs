use clap::Parser;
use concierge::cli::{Cli, run};

/// mimalloc rather than glibc's malloc: glibc keeps a heap arena per busy thread and holds on to
/// what a full build or a burst of requests freed, so the server's resident memory only grows;
/// mimalloc returns freed pages to the system and keeps per-thread caches small.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    concierge::telemetry::init();
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("concierge: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
