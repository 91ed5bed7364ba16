// Rolls per second of @dice-roller/rpg-dice-roller for the expressions dice_roll_bench.cpp rolls,
// in that library's notation (its `>=8` after dice is a success count too).
// Rates are per second of CPU time, as Google Benchmark's items_per_second, so a busy machine
// slows both sides alike; wall-clock rates are printed beside them.
// Run: cd bench/peers && npm install && node rpg-dice-roller.js
const { DiceRoll } = require('@dice-roller/rpg-dice-roller');

const expressions = ['4d6kh3', '1d20+5', '10d10>=8', '3d6!'];
const seconds = 1.0;
for (const notation of expressions) {
  for (let i = 0; i < 20000; ++i) new DiceRoll(notation).total;  // warm up the JIT
  let rolls = 0;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < seconds) {
    for (let i = 0; i < 1000; ++i) new DiceRoll(notation).total;
    rolls += 1000;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(`${notation.padEnd(10)} ${(rolls / cpuSeconds).toFixed(0).padStart(10)} rolls per CPU second` +
              ` ${(rolls / elapsed).toFixed(0).padStart(10)} rolls per wall second`);
}
