// Temporary standalone entry for the engine commands until src/cli/main.ts folds them in:
//   sh scripts/node24.sh node src/cli/engine-cli.ts simulate rf_ember_crown --spins 1000000
import { Command } from 'commander';
import { registerCertifyCommand } from './certify.ts';
import { registerSimulateCommand } from './simulate.ts';

const program = new Command('reelforge');
registerSimulateCommand(program);
registerCertifyCommand(program);
await program.parseAsync(process.argv);
