#!/bin/sh
# Wall time and peak memory of `arbiter prob` over 5 million values, table and JSON
# (docs/dice.md, Performance). The work per value must stay small: a distribution may hold 50
# million, and the answer comes "within seconds". Needs GNU time (/usr/bin/time).
ARBITER=${ARBITER:-build/arbiter}
for options in "" "--at-least 7 --json"; do
  /usr/bin/time -f "prob '1d1000000*5+1d5' $options: %es %MKB" "$ARBITER" prob '1d1000000*5+1d5' $options >/dev/null
done
/usr/bin/time -f "the distribution alone (arbiter lua): %es %MKB" "$ARBITER" lua -e \
  'local d = dice.distribution("1d1000000*5+1d5"); print(d:mean())' >/dev/null
