use clap::Parser;
use concierge::cli::{Cli, run};

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
