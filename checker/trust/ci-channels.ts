/** Environment variables through which a CI runner lets a step write its summary, outputs or environment, or hold tokens. */
const RUNNER_CHANNELS = /^(GITHUB_(STEP_SUMMARY|OUTPUT|ENV|PATH|STATE|TOKEN)|ACTIONS_.*|RUNNER_TRACKING_ID)$/;

/** A copy of the environment without the runner's channels, for a process that runs learner code. */
export function withoutRunnerChannels(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !RUNNER_CHANNELS.test(name)));
}

/** Removes the runner's channels from this process's own environment, before any learner code can inherit them. */
export function dropRunnerChannels(): void {
  for (const name of Object.keys(process.env)) if (RUNNER_CHANNELS.test(name)) delete process.env[name];
}
