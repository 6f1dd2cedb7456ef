use clap::Parser;
use concierge::cli::{Cli, run};

/// mimalloc rather than glibc's malloc for Rust's allocations: glibc keeps a heap arena per
/// busy thread and holds on to what a full build or a burst of requests freed; mimalloc, set up
/// by `concierge::memory`, gives empty pages back at once.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // Before the runtime starts its threads: the allocators' options are set once, alone.
    concierge::memory::configure();
    ssg::start_render_threads();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .on_thread_park(concierge::memory::on_idle)
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("concierge: failed to start the async runtime: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        concierge::telemetry::init();
        let cli = Cli::parse();
        match run(cli).await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("concierge: {err:#}");
                std::process::ExitCode::FAILURE
            }
        }
    })
}
