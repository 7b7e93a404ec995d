import { runCli } from './run';

runCli(process.argv.slice(2)).then(
  ({ exitCode, output }) => {
    if (exitCode === 0) console.log(output);
    else console.error(output);
    process.exitCode = exitCode;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
