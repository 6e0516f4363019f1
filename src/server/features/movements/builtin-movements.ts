import type { BuiltinMovement } from '#shared/schemas/movements.ts'

/**
 * The staples: the movements most plans are built on. A search lists them first among matches
 * equally good, so 'squat' leads with Back squat, 'press' with Bench press and 'row' with Barbell row.
 */
export const STAPLE_SLUGS = [
  'back-squat',
  'front-squat',
  'deadlift',
  'romanian-deadlift',
  'bench-press',
  'overhead-press',
  'barbell-row',
  'pull-up',
  'chin-up',
  'dip',
  'push-up',
  'hip-thrust',
  'walking-lunge',
  'bulgarian-split-squat',
  'leg-press',
  'lat-pulldown',
  'barbell-curl',
  'triceps-pushdown',
  'lateral-raise',
  'standing-calf-raise',
  'plank',
  'kettlebell-swing',
] as const

/** The built-in library: written for Coachline, seeded at start by slug (see prepare-database.ts). */
export const BUILTIN_MOVEMENTS: BuiltinMovement[] = [
  // Squat
  {
    slug: 'back-squat',
    name: 'Back squat',
    aliases: ['High-bar squat', 'Barbell squat', 'Barbell back squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'lower back', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar across the upper traps, hands just outside the shoulders; brace before you unrack.\n' +
      'Sit down between your heels with the knees tracking over the toes.\n' +
      'Drive up through the whole foot; do not let the hips shoot up before the chest.',
  },
  {
    slug: 'low-bar-squat',
    name: 'Low-bar squat',
    aliases: ['Low-bar back squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'adductors', 'lower back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar sits on the rear delts just below the shoulder blade ridge, wrists straight.\n' +
      'Push the hips back and let the torso lean further forward than in a high-bar squat.\n' +
      'Keep the bar over mid-foot; do not let it drift toward the toes.',
  },
  {
    slug: 'front-squat',
    name: 'Front squat',
    aliases: ['Barbell front squat', 'Clean-grip front squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['upper back', 'abs', 'adductors'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar rests on the front delts, elbows high, fingertips under the bar.\n' +
      'Sit straight down with an upright torso, letting the knees travel forward.\n' +
      'Lead the way up with the elbows; if they drop, the bar rolls forward.',
  },
  {
    slug: 'goblet-squat',
    name: 'Goblet squat',
    aliases: ['KB goblet squat', 'DB goblet squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'abs', 'upper back'],
    equipment: ['kettlebell', 'dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the bell against the chest with the elbows tucked under it.\n' +
      'Sit down between the knees, elbows brushing the inside of the thighs.\n' +
      'Stay tall as you stand; do not let the weight pull the chest down.',
  },
  {
    slug: 'box-squat',
    name: 'Box squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['glutes', 'quads'],
    secondaryMuscles: ['hamstrings', 'adductors', 'lower back'],
    equipment: ['barbell', 'box'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set a box at or just below parallel and take a slightly wider stance.\n' +
      'Sit back to the box under control and pause briefly while staying braced.\n' +
      'Drive off the box without rocking back or relaxing onto it.',
  },
  {
    slug: 'pause-squat',
    name: 'Pause squat',
    aliases: ['Paused squat', 'Paused back squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'lower back', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Squat as normal and hold the bottom position for two to three seconds.\n' +
      'Stay tight in the hole: keep the brace and the back angle during the pause.\n' +
      'Drive up hard from a dead stop; no bounce out of the pause.',
  },
  {
    slug: 'zercher-squat',
    name: 'Zercher squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['upper back', 'abs', 'biceps'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Cradle the bar in the crooks of the elbows, hands clasped in front of the chest.\n' +
      'Squat down between the knees, keeping the torso upright.\n' +
      'Keep the elbows up as you stand so the bar does not slide down the forearms.',
  },
  {
    slug: 'overhead-squat',
    name: 'Overhead squat',
    aliases: ['OHS'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['front delts', 'upper back', 'traps', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lock the bar overhead with a wide grip, armpits turned forward.\n' +
      'Squat down while pushing up into the bar, keeping it over mid-foot.\n' +
      'If the bar drifts forward, cut the depth until your mobility catches up.',
  },
  {
    slug: 'leg-press',
    name: 'Leg press',
    aliases: ['45-degree leg press', 'Incline leg press'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'hamstrings'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Feet shoulder width in the middle of the platform, lower back against the pad.\n' +
      'Lower until the knees are deeply bent without the hips peeling off the seat.\n' +
      'Press through the whole foot and stop just short of locking the knees.',
  },
  {
    slug: 'hack-squat',
    name: 'Hack squat',
    aliases: ['Machine hack squat'],
    pattern: 'squat',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['glutes', 'adductors'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Shoulders under the pads, back flat on the sled, feet mid-platform.\n' +
      'Lower under control until the thighs pass parallel.\n' +
      'Drive up without letting the heels lift off the plate.',
  },
  {
    slug: 'smith-machine-squat',
    name: 'Smith machine squat',
    aliases: ['Smith squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the safety stops, then take the bar on the upper back with the feet slightly in front.\n' +
      'Sit down to a comfortable depth with the knees following the toes.\n' +
      'Press the floor away; keep the lower back from rounding at the bottom.',
  },
  {
    slug: 'belt-squat',
    name: 'Belt squat',
    aliases: ['Belt squat machine'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Clip the belt low on the hips and stand tall on the platform.\n' +
      'Squat straight down, letting the knees travel forward.\n' +
      'Stand up through mid-foot; keep the hips under you rather than sitting far back.',
  },
  {
    slug: 'pendulum-squat',
    name: 'Pendulum squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['glutes'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Shoulders under the pads, hips against the back pad, feet mid-platform.\n' +
      'Let the knees travel far forward as you sink as deep as you can control.\n' +
      'Drive up smoothly; do not lift the hips away from the pad.',
  },
  {
    slug: 'bodyweight-squat',
    name: 'Bodyweight squat',
    aliases: ['Air squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Feet about shoulder width, arms reaching forward for balance.\n' +
      'Sit down as deep as you can with the heels on the floor and the chest up.\n' +
      'Stand fully and squeeze the glutes; keep the knees from caving in.',
  },
  {
    slug: 'jump-squat',
    name: 'Jump squat',
    aliases: ['Squat jump'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['calves'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Dip into a quarter to half squat with the arms swinging back.\n' +
      'Explode up through the whole foot and swing the arms overhead.\n' +
      'Land softly with bent knees and reset before the next rep.',
  },
  {
    slug: 'pistol-squat',
    name: 'Pistol squat',
    aliases: ['Single-leg squat', 'Pistol'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['abs', 'hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand on one leg with the other leg and both arms reaching forward.\n' +
      'Lower slowly all the way down, keeping the heel flat.\n' +
      'Stand up without bouncing; hold a light weight out front if you tip back.',
  },
  {
    slug: 'skater-squat',
    name: 'Skater squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'abs'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand on one leg with the back knee bent and the foot lifted behind you.\n' +
      'Lower until the back knee lightly touches a pad, reaching the arms forward.\n' +
      'Drive up through the front heel; do not let the knee cave in.',
  },
  {
    slug: 'double-kettlebell-front-squat',
    name: 'Double kettlebell front squat',
    aliases: ['Double KB front squat', 'Kettlebell front squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['abs', 'upper back'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Clean two bells to the rack, forearms vertical, elbows tucked.\n' +
      'Sit down between the knees while keeping the bells glued to the chest.\n' +
      'Exhale hard at the top; do not let the elbows flare out.',
  },
  {
    slug: 'landmine-squat',
    name: 'Landmine squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['abs', 'upper back'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the end of the bar at the chest with both hands, leaning slightly into it.\n' +
      'Squat down between the knees with the torso tall.\n' +
      'Push through mid-foot to stand; keep the bar tight to the chest.',
  },
  {
    slug: 'heels-elevated-goblet-squat',
    name: 'Heels-elevated goblet squat',
    aliases: ['Cyclist squat', 'Heels-elevated squat'],
    pattern: 'squat',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['glutes'],
    equipment: ['dumbbell', 'kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Heels on a wedge or small plate, feet close together, weight held at the chest.\n' +
      'Sink straight down and let the knees drive well past the toes.\n' +
      'Keep the torso upright and the tempo slow; this one is for the quads.',
  },
  {
    slug: 'sumo-squat',
    name: 'Sumo squat',
    aliases: ['Dumbbell sumo squat', 'Plié squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes', 'adductors'],
    secondaryMuscles: [],
    equipment: ['dumbbell', 'kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Wide stance, toes turned out, one weight hanging between the legs.\n' +
      'Sit down between the heels, pushing the knees out over the toes.\n' +
      'Stand tall and squeeze; do not let the knees collapse inward.',
  },
  {
    slug: 'pin-squat',
    name: 'Pin squat',
    aliases: ['Anderson squat', 'Dead-stop squat'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['lower back', 'adductors'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the safety pins at your sticking point with the bar resting on them.\n' +
      'Get under the bar, brace, and squat it up from a dead stop.\n' +
      'Keep the back angle constant; do not push the hips up first.',
  },
  {
    slug: 'wall-sit',
    name: 'Wall sit',
    aliases: ['Wall squat'],
    pattern: 'squat',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['glutes'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Back flat against a wall, slide down until the thighs are parallel to the floor.\n' +
      'Knees over the ankles, weight in the heels, arms relaxed.\n' +
      'Hold for time; stand up before your position breaks down.',
  },
  {
    slug: 'sissy-squat',
    name: 'Sissy squat',
    aliases: [],
    pattern: 'squat',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold a support with one hand and rise onto the balls of the feet.\n' +
      'Lean back as the knees travel forward, keeping a straight line from knees to shoulders.\n' +
      'Go only as deep as your knees tolerate and return under control.',
  },
  {
    slug: 'thruster',
    name: 'Thruster',
    aliases: ['Barbell thruster'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes', 'front delts'],
    secondaryMuscles: ['triceps', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar in the front rack with a full grip, elbows slightly forward.\n' +
      'Front squat to depth, then drive up and use that momentum to press overhead.\n' +
      'Finish with the bar over the ears; do not pause between the squat and the press.',
  },
  {
    slug: 'dumbbell-thruster',
    name: 'Dumbbell thruster',
    aliases: ['DB thruster'],
    pattern: 'squat',
    primaryMuscles: ['quads', 'glutes', 'front delts'],
    secondaryMuscles: ['triceps', 'abs'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the dumbbells on the shoulders, palms facing in.\n' +
      'Squat down, then stand explosively and press the bells overhead in one motion.\n' +
      'Bring the bells back to the shoulders as you descend into the next rep.',
  },

  // Hinge
  {
    slug: 'deadlift',
    name: 'Deadlift',
    aliases: ['Conventional deadlift', 'DL', 'Barbell deadlift'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes', 'lower back'],
    secondaryMuscles: ['quads', 'traps', 'forearms', 'lats'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar over mid-foot, grip just outside the legs, shins touching the bar.\n' +
      'Pull the slack out, brace, and push the floor away with the bar dragging up the legs.\n' +
      'Lock out by standing tall; do not lean back or shrug at the top.',
  },
  {
    slug: 'sumo-deadlift',
    name: 'Sumo deadlift',
    aliases: ['Sumo DL', 'Sumo pull'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'adductors', 'quads'],
    secondaryMuscles: ['hamstrings', 'lower back', 'traps'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Wide stance with the toes out, grip inside the knees, hips close to the bar.\n' +
      'Spread the floor with the feet and push the knees out as the bar breaks off the floor.\n' +
      'Keep the chest up; if the hips rise first, the pull turns into a stiff-leg.',
  },
  {
    slug: 'trap-bar-deadlift',
    name: 'Trap bar deadlift',
    aliases: ['Hex bar deadlift', 'TBDL', 'Hex bar DL'],
    pattern: 'hinge',
    primaryMuscles: ['quads', 'glutes', 'hamstrings'],
    secondaryMuscles: ['lower back', 'traps', 'forearms'],
    equipment: ['trap bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand in the center of the bar and grip the handles with straight arms.\n' +
      'Sit the hips down, brace, and stand up by pushing the floor away.\n' +
      'Finish tall with the glutes squeezed; lower along the same path.',
  },
  {
    slug: 'romanian-deadlift',
    name: 'Romanian deadlift',
    aliases: ['RDL', 'Romanian DL', 'Barbell RDL'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['lower back', 'forearms', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Start standing with soft knees and the bar against the thighs.\n' +
      'Push the hips back and slide the bar down until the hamstrings are stretched, back flat.\n' +
      'Drive the hips forward to stand tall; do not lean back at the top.',
  },
  {
    slug: 'dumbbell-romanian-deadlift',
    name: 'Dumbbell Romanian deadlift',
    aliases: ['Dumbbell RDL', 'DB RDL'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['lower back', 'forearms'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the dumbbells in front of the thighs with the knees softly bent.\n' +
      'Hinge at the hips and let the bells track close to the legs to mid-shin.\n' +
      'Keep the neck neutral; stop when the back starts to round.',
  },
  {
    slug: 'single-leg-romanian-deadlift',
    name: 'Single-leg Romanian deadlift',
    aliases: ['Single-leg RDL', 'SLRDL', 'One-leg RDL'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['abductors', 'lower back', 'abs'],
    equipment: ['dumbbell', 'kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand on one leg holding the weight in the opposite hand.\n' +
      'Hinge forward as the free leg reaches back, hips level.\n' +
      'Return by driving the standing hip forward; do not open the hip toward the ceiling.',
  },
  {
    slug: 'stiff-leg-deadlift',
    name: 'Stiff-leg deadlift',
    aliases: ['Stiff-legged deadlift', 'SLDL'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['lower back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Start from the floor with the knees only slightly bent and the hips high.\n' +
      'Pull by driving the hips forward, keeping the knee angle almost fixed.\n' +
      'Lower with a flat back; reduce the range if the spine begins to round.',
  },
  {
    slug: 'good-morning',
    name: 'Good morning',
    aliases: ['Barbell good morning'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes', 'lower back'],
    secondaryMuscles: ['abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar on the upper back as for a squat, knees softly bent.\n' +
      'Push the hips back and lower the chest toward parallel with a neutral spine.\n' +
      'Come up by driving the hips forward; start light, this loads the back heavily.',
  },
  {
    slug: 'hip-thrust',
    name: 'Hip thrust',
    aliases: ['Barbell hip thrust'],
    pattern: 'hinge',
    primaryMuscles: ['glutes'],
    secondaryMuscles: ['hamstrings', 'quads'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Upper back on the bench edge, bar padded across the hip crease, feet flat.\n' +
      'Drive through the heels until the hips are level with the shoulders, chin tucked.\n' +
      'Finish with the ribs down; do not arch the lower back to get higher.',
  },
  {
    slug: 'glute-bridge',
    name: 'Glute bridge',
    aliases: ['Hip bridge', 'Bridge'],
    pattern: 'hinge',
    primaryMuscles: ['glutes'],
    secondaryMuscles: ['hamstrings'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie on your back, knees bent, feet flat and hip width apart.\n' +
      'Press through the heels and lift until knees, hips and shoulders line up.\n' +
      'Pause and squeeze at the top; keep the ribs down rather than arching.',
  },
  {
    slug: 'single-leg-glute-bridge',
    name: 'Single-leg glute bridge',
    aliases: ['One-leg glute bridge'],
    pattern: 'hinge',
    primaryMuscles: ['glutes'],
    secondaryMuscles: ['hamstrings'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Lie on your back with one foot planted and the other knee pulled toward the chest.\n' +
      'Drive through the planted heel to lift the hips, keeping them level.\n' +
      'Lower slowly; if the hamstring cramps, bring the foot closer to the hips.',
  },
  {
    slug: 'kettlebell-swing',
    name: 'Kettlebell swing',
    aliases: ['KB swing', 'Russian swing', 'Two-hand kettlebell swing'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['lower back', 'abs', 'forearms', 'heart and lungs'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hike the bell back between the legs like a football snap, hips loaded.\n' +
      'Snap the hips forward so the bell floats to chest height; the arms only guide it.\n' +
      'Let it fall before you hinge; do not squat the swing or lift it with the arms.',
  },
  {
    slug: 'single-arm-kettlebell-swing',
    name: 'Single-arm kettlebell swing',
    aliases: ['One-arm KB swing', 'One-arm swing'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['obliques', 'lower back', 'forearms'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Set up as for a two-hand swing with one hand on the handle.\n' +
      'Snap the hips and resist the bell twisting the shoulders.\n' +
      'Keep the free arm active at your side; switch hands between sets.',
  },
  {
    slug: 'back-extension',
    name: 'Back extension',
    aliases: ['Hyperextension', '45-degree back extension', 'Hyper'],
    pattern: 'hinge',
    primaryMuscles: ['lower back', 'glutes', 'hamstrings'],
    secondaryMuscles: [],
    equipment: ['machine', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Pad just below the hip crease, feet locked in, body in a straight line.\n' +
      'Hinge down under control, then lift by squeezing the glutes and hamstrings.\n' +
      'Stop at a straight line; do not crank into an arch at the top.',
  },
  {
    slug: 'reverse-hyperextension',
    name: 'Reverse hyperextension',
    aliases: ['Reverse hyper'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings', 'lower back'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie face down on the pad with the hips at the edge and hold the handles.\n' +
      'Swing the legs up to about hip height with straight knees.\n' +
      'Let them swing back under control; avoid violent jerking at the bottom.',
  },
  {
    slug: 'cable-pull-through',
    name: 'Cable pull-through',
    aliases: ['Pull-through', 'Rope pull-through'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['lower back'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Face away from a low pulley with the rope between the legs; step out to load it.\n' +
      'Hinge back and let the rope pull the hands through the legs.\n' +
      'Drive the hips forward to stand; finish with the glutes, not the arms.',
  },
  {
    slug: 'deficit-deadlift',
    name: 'Deficit deadlift',
    aliases: ['Deficit pull'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes', 'quads'],
    secondaryMuscles: ['lower back', 'traps'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand on a plate or platform 2 to 5 cm high with the bar over mid-foot.\n' +
      'Get the hips lower than normal, brace, and push through the longer range.\n' +
      'Keep the back flat off the floor; shorten the deficit if it rounds.',
  },
  {
    slug: 'rack-pull',
    name: 'Rack pull',
    aliases: ['Block pull'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'lower back', 'traps'],
    secondaryMuscles: ['hamstrings', 'forearms', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the bar on pins or blocks at or just below the knee.\n' +
      'Brace, pull the slack out, and drive the hips through to lockout.\n' +
      'Stand tall and stop; do not hitch the bar up the thighs.',
  },
  {
    slug: 'snatch-grip-deadlift',
    name: 'Snatch-grip deadlift',
    aliases: ['Wide-grip deadlift'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes', 'upper back'],
    secondaryMuscles: ['lower back', 'traps', 'quads', 'forearms'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Take a wide grip so the bar sits in the hip crease when you stand.\n' +
      'Start with the hips lower than a normal deadlift and push the floor away.\n' +
      'Keep the upper back tight; do not let the shoulders round forward.',
  },
  {
    slug: 'kettlebell-deadlift',
    name: 'Kettlebell deadlift',
    aliases: ['KB deadlift'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['quads', 'lower back'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand with the bell between the feet, in line with the ankles.\n' +
      'Hinge and grip the handle, shoulders over the bell, back flat.\n' +
      'Stand up by pushing through the floor; keep the bell close the whole way.',
  },
  {
    slug: 'power-clean',
    name: 'Power clean',
    aliases: ['Clean', 'Barbell power clean'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings', 'quads'],
    secondaryMuscles: ['traps', 'upper back', 'calves'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Start as a deadlift with a grip just outside the legs, shoulders over the bar.\n' +
      'Push the floor away, then jump and shrug once the bar passes the knees.\n' +
      'Pull yourself under and catch in a quarter squat with the elbows high.',
  },
  {
    slug: 'hang-power-clean',
    name: 'Hang power clean',
    aliases: ['Hang clean'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings', 'quads'],
    secondaryMuscles: ['traps', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand tall, then slide the bar to just above the knees with a flat back.\n' +
      'Jump explosively, keeping the bar close, and shrug hard.\n' +
      'Catch on the shoulders in a partial squat; do not reverse-curl it up.',
  },
  {
    slug: 'power-snatch',
    name: 'Power snatch',
    aliases: ['Snatch'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings', 'quads'],
    secondaryMuscles: ['traps', 'upper back', 'front delts'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Wide grip, bar over mid-foot, hips lower than for a deadlift.\n' +
      'Push from the floor, then extend the hips violently with the bar close.\n' +
      'Punch under and catch overhead on locked arms in a quarter squat.',
  },
  {
    slug: 'kettlebell-clean',
    name: 'Kettlebell clean',
    aliases: ['KB clean', 'Single-arm kettlebell clean'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['forearms', 'biceps', 'abs'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Hike the bell back between the legs with one hand.\n' +
      'Drive the hips and keep the elbow close so the bell travels up the body.\n' +
      'Let the hand slide around the handle so the bell lands softly in the rack.',
  },
  {
    slug: 'kettlebell-snatch',
    name: 'Kettlebell snatch',
    aliases: ['KB snatch'],
    pattern: 'hinge',
    primaryMuscles: ['glutes', 'hamstrings'],
    secondaryMuscles: ['front delts', 'traps', 'forearms', 'heart and lungs'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Hike the bell back as for a one-arm swing.\n' +
      'Drive the hips and guide the bell close to the body, punching through at the top.\n' +
      'Lock out with the bell resting on the forearm; do not let it flip over and bang the wrist.',
  },
  {
    slug: 'trap-bar-jump',
    name: 'Trap bar jump',
    aliases: ['Hex bar jump'],
    pattern: 'hinge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'calves'],
    equipment: ['trap bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold a light trap bar by the handles and dip into a quarter squat.\n' +
      'Jump as high as you can, keeping the arms long.\n' +
      'Land softly with bent knees and reset fully between reps.',
  },
  {
    slug: 'band-good-morning',
    name: 'Band good morning',
    aliases: ['Banded good morning'],
    pattern: 'hinge',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['lower back'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand on the band and loop it behind the neck, feet hip width.\n' +
      'Hinge at the hips with soft knees until the torso nears parallel.\n' +
      'Snap back to standing with the glutes; keep the back flat throughout.',
  },

  // Lunge
  {
    slug: 'walking-lunge',
    name: 'Walking lunge',
    aliases: ['Dumbbell walking lunge', 'Walking lunges'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'hamstrings'],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Hold dumbbells at your sides and step forward into a long stride.\n' +
      'Lower the back knee toward the floor with the front shin close to vertical.\n' +
      'Push through the front foot into the next step; do not let the knee cave in.',
  },
  {
    slug: 'reverse-lunge',
    name: 'Reverse lunge',
    aliases: ['Backward lunge', 'Step-back lunge', 'Dumbbell reverse lunge'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'adductors'],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand tall with dumbbells at your sides.\n' +
      'Step one foot back and lower until the back knee nearly touches the floor.\n' +
      'Drive through the front heel to return; keep the torso from pitching forward.',
  },
  {
    slug: 'forward-lunge',
    name: 'Forward lunge',
    aliases: ['Front lunge'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Step forward into a long stride with the weights at your sides.\n' +
      'Lower until both knees are bent to about 90 degrees, torso tall.\n' +
      'Push back to the start with the front foot; stay balanced, do not stomp.',
  },
  {
    slug: 'bulgarian-split-squat',
    name: 'Bulgarian split squat',
    aliases: ['BSS', 'Rear-foot-elevated split squat', 'RFESS'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors', 'hamstrings'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Rear foot laces-down on a bench, front foot far enough forward to sink straight down.\n' +
      'Lower until the back knee nearly touches the floor, front heel planted.\n' +
      'Drive up through the front foot; the back leg is only there for balance.',
  },
  {
    slug: 'split-squat',
    name: 'Split squat',
    aliases: ['Static lunge', 'Stationary lunge'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Take a long split stance with the back heel up.\n' +
      'Drop the back knee straight down toward the floor, torso upright.\n' +
      'Stand back up without moving the feet; finish all reps, then switch sides.',
  },
  {
    slug: 'step-up',
    name: 'Step-up',
    aliases: ['Box step-up', 'Dumbbell step-up'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'calves'],
    equipment: ['dumbbell', 'box'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Place the whole foot on a box around knee height, dumbbells at your sides.\n' +
      'Lean in slightly and stand up through the top leg.\n' +
      'Keep the push from the bottom foot to a minimum; lower slowly under control.',
  },
  {
    slug: 'lateral-lunge',
    name: 'Lateral lunge',
    aliases: ['Side lunge'],
    pattern: 'lunge',
    primaryMuscles: ['adductors', 'glutes', 'quads'],
    secondaryMuscles: [],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Start in a wide stance with the toes forward and a weight held at the chest.\n' +
      'Shift into one hip, bending that knee while the other leg stays straight.\n' +
      'Keep the heel down and push back to center through the bent leg.',
  },
  {
    slug: 'cossack-squat',
    name: 'Cossack squat',
    aliases: [],
    pattern: 'lunge',
    primaryMuscles: ['adductors', 'quads', 'glutes'],
    secondaryMuscles: ['hamstrings'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Take a very wide stance and shift down onto one leg while the other straightens.\n' +
      'Let the toes of the straight leg point up as you sink as low as you can.\n' +
      'Keep the working heel flat; hold a light weight in front to counterbalance.',
  },
  {
    slug: 'curtsy-lunge',
    name: 'Curtsy lunge',
    aliases: ['Crossover lunge'],
    pattern: 'lunge',
    primaryMuscles: ['glutes', 'quads'],
    secondaryMuscles: ['abductors', 'adductors'],
    equipment: ['dumbbell', 'bodyweight'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Step one foot back and across behind the other, like a curtsy.\n' +
      'Lower under control, keeping the hips square to the front.\n' +
      'Drive through the front heel to return; do not twist the front knee.',
  },
  {
    slug: 'barbell-reverse-lunge',
    name: 'Barbell reverse lunge',
    aliases: [],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'adductors', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Bar on the upper back as for a squat, feet hip width.\n' +
      'Step back into a lunge and lower the back knee toward the floor.\n' +
      'Return with a controlled push from the front leg; keep the feet on separate tracks.',
  },
  {
    slug: 'front-foot-elevated-split-squat',
    name: 'Front-foot-elevated split squat',
    aliases: ['FFESS', 'Deficit split squat'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['adductors'],
    equipment: ['dumbbell', 'box'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Front foot on a low step or plate, back foot on the floor in a split stance.\n' +
      'Sink the back knee below the level of the front foot for extra depth.\n' +
      'Stand up through the front heel; keep the front knee tracking over the toes.',
  },
  {
    slug: 'lateral-step-up',
    name: 'Lateral step-up',
    aliases: ['Side step-up'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['abductors'],
    equipment: ['dumbbell', 'box'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand side-on to a box with the near foot flat on top.\n' +
      'Stand up through the top leg, lightly tapping the far foot on the box.\n' +
      'Lower slowly; avoid hopping off the bottom foot.',
  },
  {
    slug: 'jumping-lunge',
    name: 'Jumping lunge',
    aliases: ['Split jump', 'Lunge jump'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['calves', 'hamstrings'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Start in a lunge with the back knee just off the floor.\n' +
      'Jump straight up and switch legs in the air.\n' +
      'Land softly in the opposite lunge and flow straight into the next rep.',
  },
  {
    slug: 'landmine-reverse-lunge',
    name: 'Landmine reverse lunge',
    aliases: [],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['abs', 'hamstrings'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Hold the end of the bar at the chest with both hands.\n' +
      'Step back into a lunge, letting the bar help keep you upright.\n' +
      'Drive through the front foot to return; switch sides after each set.',
  },
  {
    slug: 'step-down',
    name: 'Step-down',
    aliases: ['Eccentric step-down', 'Heel-tap step-down'],
    pattern: 'lunge',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['glutes'],
    equipment: ['box', 'bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand on a low box with one foot hanging off the front or side.\n' +
      'Slowly bend the standing knee to tap the free heel on the floor.\n' +
      'Stand back up; keep the knee over the toes and the hips level.',
  },
  {
    slug: 'deficit-reverse-lunge',
    name: 'Deficit reverse lunge',
    aliases: ['Reverse lunge from a step'],
    pattern: 'lunge',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['hamstrings', 'adductors'],
    equipment: ['dumbbell', 'box'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand on a low step or plate with dumbbells at your sides.\n' +
      'Step back off the platform and lower into a deep lunge.\n' +
      'Drive through the front foot to return; control the extra depth.',
  },

  // Horizontal push
  {
    slug: 'bench-press',
    name: 'Bench press',
    aliases: ['Flat bench', 'BP', 'Barbell bench press', 'Flat bench press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Eyes under the bar, shoulder blades pinched, feet planted.\n' +
      'Lower the bar to the lower chest with the forearms vertical.\n' +
      'Press up and slightly back; keep the glutes on the bench.',
  },
  {
    slug: 'incline-bench-press',
    name: 'Incline bench press',
    aliases: ['Incline barbell press', 'Incline bench'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'front delts'],
    secondaryMuscles: ['triceps'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the bench to 30 to 45 degrees, shoulder blades back and down.\n' +
      'Lower the bar to the upper chest, just below the collarbones.\n' +
      'Press straight up over the shoulders; do not flare the elbows wide.',
  },
  {
    slug: 'close-grip-bench-press',
    name: 'Close-grip bench press',
    aliases: ['CGBP', 'Close-grip bench'],
    pattern: 'horizontal push',
    primaryMuscles: ['triceps', 'chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Grip about shoulder width, hands inside where you normally bench.\n' +
      'Lower to the lower chest with the elbows tucked close to the body.\n' +
      'Press by straightening the elbows hard; a grip that is too narrow strains the wrists.',
  },
  {
    slug: 'paused-bench-press',
    name: 'Paused bench press',
    aliases: ['Pause bench', 'Competition bench'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set up as for the bench press with tight shoulder blades and planted feet.\n' +
      'Lower the bar to the chest and hold it still for a full second.\n' +
      'Press from the pause without sinking or bouncing the bar.',
  },
  {
    slug: 'dumbbell-bench-press',
    name: 'Dumbbell bench press',
    aliases: ['DB bench', 'Flat dumbbell press', 'DB bench press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Kick the dumbbells up off the knees as you lie back, shoulder blades set.\n' +
      'Lower until the bells are level with the chest, elbows about 45 degrees out.\n' +
      'Press up and slightly together; do not clang the bells at the top.',
  },
  {
    slug: 'incline-dumbbell-press',
    name: 'Incline dumbbell press',
    aliases: ['Incline DB press', 'Incline dumbbell bench'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'front delts'],
    secondaryMuscles: ['triceps'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bench at 30 to 45 degrees, dumbbells at the shoulders.\n' +
      'Press up over the upper chest, then lower to a deep stretch.\n' +
      'Keep the shoulder blades pinned to the bench; do not shrug as you press.',
  },
  {
    slug: 'decline-bench-press',
    name: 'Decline bench press',
    aliases: ['Decline press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lock the legs under the pads and unrack with a spotter.\n' +
      'Lower the bar to the lower chest under control.\n' +
      'Press up over the shoulders; keep the wrists stacked over the elbows.',
  },
  {
    slug: 'floor-press',
    name: 'Floor press',
    aliases: ['Barbell floor press'],
    pattern: 'horizontal push',
    primaryMuscles: ['triceps', 'chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie on the floor in the rack with the bar at arm length over the chest, knees bent.\n' +
      'Lower until the upper arms rest on the floor, then pause.\n' +
      'Press from the dead stop; do not bounce the elbows off the floor.',
  },
  {
    slug: 'push-up',
    name: 'Push-up',
    aliases: ['Press-up', 'Pushup'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'abs'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hands just outside the shoulders, body straight from head to heels.\n' +
      'Lower until the chest nearly touches the floor, elbows angled back.\n' +
      'Push the floor away; do not let the hips sag or pike up.',
  },
  {
    slug: 'incline-push-up',
    name: 'Incline push-up',
    aliases: ['Hands-elevated push-up'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'abs'],
    equipment: ['bodyweight', 'bench'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hands on a bench or box, body in a straight line.\n' +
      'Lower the chest to the edge with the elbows angled back.\n' +
      'Push back up; use a lower surface as you get stronger.',
  },
  {
    slug: 'feet-elevated-push-up',
    name: 'Feet-elevated push-up',
    aliases: ['Decline push-up'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'front delts', 'triceps'],
    secondaryMuscles: ['abs'],
    equipment: ['bodyweight', 'bench'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Feet on a bench, hands on the floor under the shoulders.\n' +
      'Lower the chest to the floor while keeping the body rigid.\n' +
      'Press back up without letting the lower back sag.',
  },
  {
    slug: 'band-resisted-push-up',
    name: 'Band-resisted push-up',
    aliases: ['Banded push-up'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'abs'],
    equipment: ['band', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Loop a band across the upper back and pin the ends under the hands.\n' +
      'Lower as in a normal push-up; the band slackens at the bottom.\n' +
      'Drive hard to lockout against the band while keeping the body straight.',
  },
  {
    slug: 'dip',
    name: 'Dip',
    aliases: ['Parallel bar dip', 'Chest dip', 'Bar dip'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Support yourself on the bars with locked arms and the shoulders down.\n' +
      'Lean slightly forward and lower until the shoulders are just below the elbows.\n' +
      'Press back to lockout; stop short if the front of the shoulder pinches.',
  },
  {
    slug: 'weighted-dip',
    name: 'Weighted dip',
    aliases: [],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['bodyweight'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hang the load from a dip belt and mount the bars with locked arms.\n' +
      'Lower under control until the shoulders dip just below the elbows.\n' +
      'Press up without swinging the load; keep the chest leaning slightly forward.',
  },
  {
    slug: 'machine-chest-press',
    name: 'Machine chest press',
    aliases: ['Chest press', 'Seated chest press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the seat so the handles line up with the middle of the chest.\n' +
      'Press forward to near lockout with the shoulder blades against the pad.\n' +
      'Return slowly to a stretch; do not let the weights slam.',
  },
  {
    slug: 'cable-fly',
    name: 'Cable fly',
    aliases: ['Cable crossover', 'Cable flye'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand between two pulleys at shoulder height with a slight forward lean.\n' +
      'With soft elbows, sweep the handles together in front of the chest.\n' +
      'Open back to a stretch under control; the elbow angle stays fixed.',
  },
  {
    slug: 'dumbbell-fly',
    name: 'Dumbbell fly',
    aliases: ['DB fly', 'Dumbbell flye', 'Chest fly'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie on a bench with the dumbbells above the chest, palms facing.\n' +
      'Open the arms in a wide arc with a slight bend in the elbows.\n' +
      'Stop at a comfortable stretch and hug the bells back up.',
  },
  {
    slug: 'pec-deck',
    name: 'Pec deck',
    aliases: ['Machine fly', 'Pec fly', 'Pec deck fly'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the seat so the handles are at chest level, back against the pad.\n' +
      'Bring the handles together in front of you, squeezing the chest.\n' +
      'Return slowly to a stretch; do not let the shoulders roll forward.',
  },
  {
    slug: 'suspension-trainer-push-up',
    name: 'Suspension trainer push-up',
    aliases: ['TRX push-up', 'Ring push-up'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'abs'],
    equipment: ['suspension trainer'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold the handles at chest height, body leaning forward in a straight line.\n' +
      'Lower the chest between the hands without letting the straps drift apart.\n' +
      'Push back up; walk the feet back to make it harder.',
  },
  {
    slug: 'medicine-ball-chest-pass',
    name: 'Medicine ball chest pass',
    aliases: ['Chest pass', 'Med ball chest throw'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['medicine ball'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand facing a wall in an athletic stance, ball held at the chest.\n' +
      'Step and throw the ball explosively from the chest into the wall.\n' +
      'Catch it on the rebound and reset; every throw should be fast.',
  },
  {
    slug: 'single-arm-dumbbell-bench-press',
    name: 'Single-arm dumbbell bench press',
    aliases: ['One-arm DB bench', 'One-arm dumbbell bench press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'obliques'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Lie on a bench with one dumbbell, the free hand holding the bench edge.\n' +
      'Press and lower as for a normal dumbbell bench press.\n' +
      'Resist the pull to roll off the bench; keep the hips square.',
  },
  {
    slug: 'smith-machine-bench-press',
    name: 'Smith machine bench press',
    aliases: ['Smith bench'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts'],
    equipment: ['machine', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the safety stops and place the bench so the bar lines up with the lower chest.\n' +
      'Unrack and lower to the chest with the elbows slightly tucked.\n' +
      'Press up and re-rack by twisting the bar onto the hooks.',
  },
  {
    slug: 'single-arm-cable-chest-press',
    name: 'Single-arm cable chest press',
    aliases: ['One-arm cable press', 'Standing cable press'],
    pattern: 'horizontal push',
    primaryMuscles: ['chest', 'triceps'],
    secondaryMuscles: ['front delts', 'obliques', 'abs'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand facing away from a pulley at chest height in a split stance.\n' +
      'Press the handle forward until the arm is straight, hips square.\n' +
      'Return slowly; do not let the cable twist your torso.',
  },

  // Vertical push
  {
    slug: 'overhead-press',
    name: 'Overhead press',
    aliases: ['OHP', 'Military press', 'Strict press', 'Standing press', 'Barbell overhead press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts', 'upper back', 'abs'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar on the front delts, grip just outside the shoulders, glutes tight.\n' +
      'Press straight up, moving the head back and then through once the bar passes it.\n' +
      'Finish with the bar over mid-foot; do not lean back to grind it up.',
  },
  {
    slug: 'seated-dumbbell-shoulder-press',
    name: 'Seated dumbbell shoulder press',
    aliases: ['Seated DB press', 'Dumbbell shoulder press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bench upright, dumbbells at shoulder height, palms forward or slightly in.\n' +
      'Press up until the arms are straight over the shoulders.\n' +
      'Lower to ear level; keep the back against the pad instead of arching.',
  },
  {
    slug: 'standing-dumbbell-press',
    name: 'Standing dumbbell press',
    aliases: ['Standing DB shoulder press', 'Dumbbell overhead press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts', 'abs'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand tall with the dumbbells at the shoulders, glutes and abs braced.\n' +
      'Press the bells overhead and finish with the biceps by the ears.\n' +
      'Lower with control; do not lean back to finish the rep.',
  },
  {
    slug: 'push-press',
    name: 'Push press',
    aliases: [],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['quads', 'glutes', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar in the front rack, feet hip width.\n' +
      'Dip straight down a few centimetres, then drive up with the legs and press.\n' +
      'Keep the dip short and vertical; the heels stay down until the legs finish.',
  },
  {
    slug: 'push-jerk',
    name: 'Push jerk',
    aliases: ['Jerk'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps', 'quads'],
    secondaryMuscles: ['glutes', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Bar in the front rack; dip and drive as for a push press.\n' +
      'Push yourself under the bar and catch it on locked arms in a partial squat.\n' +
      'Stand up to finish; do not press out a soft elbow.',
  },
  {
    slug: 'landmine-press',
    name: 'Landmine press',
    aliases: ['Single-arm landmine press', 'Angled press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'chest'],
    secondaryMuscles: ['triceps', 'abs'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand in a split stance holding the end of the bar at the shoulder.\n' +
      'Press up and forward until the arm is straight, reaching at the top.\n' +
      'Keep the ribs down; do not twist the torso to move the bar.',
  },
  {
    slug: 'half-kneeling-landmine-press',
    name: 'Half-kneeling landmine press',
    aliases: ['Kneeling landmine press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'chest'],
    secondaryMuscles: ['triceps', 'obliques', 'glutes'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Kneel on the same side as the pressing arm with the other foot forward.\n' +
      'Squeeze the glute of the down knee and press the bar up and forward.\n' +
      'Lower to the shoulder without leaning or letting the hips shift.',
  },
  {
    slug: 'arnold-press',
    name: 'Arnold press',
    aliases: [],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'side delts'],
    secondaryMuscles: ['triceps'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Start with the dumbbells at chin height, palms facing you.\n' +
      'Press up while rotating the palms to face forward at the top.\n' +
      'Reverse the turn on the way down; keep the movement smooth, not rushed.',
  },
  {
    slug: 'kettlebell-press',
    name: 'Kettlebell press',
    aliases: ['KB press', 'Single-arm kettlebell press', 'KB military press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts', 'abs', 'upper back'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Clean the bell to the rack, forearm vertical, wrist straight.\n' +
      'Squeeze the glutes and press the bell up close to the body.\n' +
      'Lock out with the biceps by the ear; do not lean away from the bell.',
  },
  {
    slug: 'bottoms-up-kettlebell-press',
    name: 'Bottoms-up kettlebell press',
    aliases: ['Bottoms-up press', 'BU press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts'],
    secondaryMuscles: ['triceps', 'forearms', 'upper back'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Hold the bell upside down by the handle, bottom pointing at the ceiling.\n' +
      'Crush the grip and press slowly overhead, keeping the bell balanced.\n' +
      'If it tips, use a lighter bell rather than fighting it with the wrist.',
  },
  {
    slug: 'machine-shoulder-press',
    name: 'Machine shoulder press',
    aliases: ['Shoulder press machine', 'Seated machine press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Set the seat so the handles start at about shoulder height.\n' +
      'Press to near lockout with the back flat against the pad.\n' +
      'Lower under control to the start; do not bounce off the stack.',
  },
  {
    slug: 'pike-push-up',
    name: 'Pike push-up',
    aliases: [],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['upper back', 'chest'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hips high in an inverted V, hands a little wider than the shoulders.\n' +
      'Lower the head toward the floor just in front of the hands.\n' +
      'Push back up; raise the feet on a box to make it harder.',
  },
  {
    slug: 'handstand-push-up',
    name: 'Handstand push-up',
    aliases: ['HSPU'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['upper back', 'traps', 'abs'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Kick up into a handstand against a wall, hands slightly wider than the shoulders.\n' +
      'Lower the head to the floor or a pad under control.\n' +
      'Press back to lockout; do not crash down onto the head.',
  },
  {
    slug: 'z-press',
    name: 'Z press',
    aliases: [],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['abs', 'upper back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit on the floor with the legs straight and the bar on the front delts.\n' +
      'Press straight overhead while sitting tall, without leaning back.\n' +
      'Use less weight than standing; a rounding lower back means it is too heavy.',
  },
  {
    slug: 'seated-barbell-overhead-press',
    name: 'Seated barbell overhead press',
    aliases: ['Seated military press', 'Seated barbell press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['side delts'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit on an upright bench with the bar racked at chin height.\n' +
      'Unrack and press straight overhead, moving the head back out of the way.\n' +
      'Lower to the upper chest; keep the back against the pad.',
  },
  {
    slug: 'single-arm-dumbbell-press',
    name: 'Single-arm dumbbell press',
    aliases: ['One-arm dumbbell press', 'One-arm DB shoulder press'],
    pattern: 'vertical push',
    primaryMuscles: ['front delts', 'triceps'],
    secondaryMuscles: ['obliques', 'side delts'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand tall holding one dumbbell at the shoulder.\n' +
      'Press it overhead without leaning toward the free side.\n' +
      'Lower with control and finish all reps before switching arms.',
  },

  // Horizontal pull
  {
    slug: 'barbell-row',
    name: 'Barbell row',
    aliases: ['Bent-over row', 'BB row', 'Barbell bent-over row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps', 'lower back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hinge until the torso is 30 to 45 degrees from the floor, bar hanging at the knees.\n' +
      'Row the bar to the lower ribs, leading with the elbows.\n' +
      'Keep the torso still; if you stand up to move the bar, it is too heavy.',
  },
  {
    slug: 'pendlay-row',
    name: 'Pendlay row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps', 'lower back'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Torso parallel to the floor, bar starting from the floor on every rep.\n' +
      'Pull explosively to the lower chest without lifting the torso.\n' +
      'Set the bar back down and reset the back before the next pull.',
  },
  {
    slug: 'yates-row',
    name: 'Yates row',
    aliases: ['Underhand barbell row', 'Reverse-grip barbell row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps', 'rear delts'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Underhand grip, torso more upright than in a standard row.\n' +
      'Pull the bar to the belly button, elbows driving back.\n' +
      'Control the lowering; do not turn it into a shrug.',
  },
  {
    slug: 'dumbbell-row',
    name: 'Dumbbell row',
    aliases: ['One-arm dumbbell row', 'DB row', 'Single-arm dumbbell row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['rear delts', 'biceps'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'One hand and knee on a bench, back flat, dumbbell hanging under the shoulder.\n' +
      'Row the bell toward the hip with the elbow close to the body.\n' +
      'Lower to a full stretch; do not twist the torso to lift it.',
  },
  {
    slug: 'chest-supported-row',
    name: 'Chest-supported row',
    aliases: ['Incline dumbbell row', 'Chest-supported dumbbell row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie face down on an incline bench with the dumbbells hanging straight down.\n' +
      'Row the elbows back past the torso, squeezing the shoulder blades.\n' +
      'Keep the chest on the pad; do not lift off to gain momentum.',
  },
  {
    slug: 'seal-row',
    name: 'Seal row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps'],
    equipment: ['barbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie face down on a high flat bench with the bar hanging at arm length.\n' +
      'Pull the bar up to the bench, elbows driving toward the ceiling.\n' +
      'Lower to a full stretch each rep; the chest never leaves the bench.',
  },
  {
    slug: 'seated-cable-row',
    name: 'Seated cable row',
    aliases: ['Cable row', 'Low row', 'Seated row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['biceps', 'rear delts'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit tall with soft knees, chest up, handle at arm length.\n' +
      'Row the handle to the stomach, pulling the shoulder blades back.\n' +
      'Let the shoulders reach forward on the return without rounding the lower back.',
  },
  {
    slug: 'single-arm-cable-row',
    name: 'Single-arm cable row',
    aliases: ['One-arm cable row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['rear delts', 'biceps', 'obliques'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Set the pulley at chest height, or sit at the low row with a single handle.\n' +
      'Row the elbow back past the torso while keeping the hips square.\n' +
      'Reach forward on the return; do not rotate to finish the rep.',
  },
  {
    slug: 'machine-row',
    name: 'Machine row',
    aliases: ['Chest-supported machine row', 'Seated row machine'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Chest against the pad, handles at arm length.\n' +
      'Pull the handles back, squeezing the shoulder blades together.\n' +
      'Return slowly until the arms are straight; keep the chest on the pad.',
  },
  {
    slug: 'inverted-row',
    name: 'Inverted row',
    aliases: ['Bodyweight row', 'Australian pull-up'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['biceps', 'rear delts', 'abs'],
    equipment: ['barbell', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang under a bar set at waist height, body straight, heels on the floor.\n' +
      'Pull the chest to the bar, driving the elbows back.\n' +
      'Lower to straight arms; keep the hips from sagging.',
  },
  {
    slug: 'suspension-trainer-row',
    name: 'Suspension trainer row',
    aliases: ['TRX row', 'Ring row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['biceps', 'rear delts'],
    equipment: ['suspension trainer'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold the handles and lean back with the body in a straight line.\n' +
      'Pull the chest to the hands, elbows back and shoulder blades together.\n' +
      'Walk the feet forward to make it harder; do not let the hips drop.',
  },
  {
    slug: 't-bar-row',
    name: 'T-bar row',
    aliases: ['Landmine row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['rear delts', 'biceps', 'lower back'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Straddle the bar with a close-grip handle under the plates.\n' +
      'Hinge to about 45 degrees and row the plates toward the chest.\n' +
      'Keep the back flat; do not jerk the weight up with the hips.',
  },
  {
    slug: 'meadows-row',
    name: 'Meadows row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['rear delts', 'biceps', 'forearms'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand side-on to the end of a landmine in a staggered stance.\n' +
      'Grip the sleeve overhand and row it to the hip, elbow flaring slightly.\n' +
      'Lower to a full stretch; rest the free forearm on the front knee for support.',
  },
  {
    slug: 'kroc-row',
    name: 'Kroc row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['forearms', 'biceps', 'traps'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Brace one hand on a rack or bench with a heavy dumbbell in the other.\n' +
      'Row hard for high reps; a little body movement is allowed.\n' +
      'Reach a full stretch on every rep; do not shorten the range as you tire.',
  },
  {
    slug: 'renegade-row',
    name: 'Renegade row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['abs', 'obliques', 'triceps'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Push-up position with the hands on two dumbbells, feet wider than the hips.\n' +
      'Row one bell to the hip while the other arm and the body stay still.\n' +
      'Alternate sides; keep the hips square with no rocking.',
  },
  {
    slug: 'gorilla-row',
    name: 'Gorilla row',
    aliases: [],
    pattern: 'horizontal pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['rear delts', 'biceps', 'hamstrings'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Wide stance, hinged over, two kettlebells on the floor between the feet.\n' +
      'Row one bell to the hip while pressing the other into the floor.\n' +
      'Alternate sides with a flat back; do not stand up between reps.',
  },
  {
    slug: 'face-pull',
    name: 'Face pull',
    aliases: ['Cable face pull', 'Rope face pull'],
    pattern: 'horizontal pull',
    primaryMuscles: ['rear delts', 'upper back'],
    secondaryMuscles: ['traps'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Rope at upper-chest to face height, thumbs pointing back.\n' +
      'Pull toward the forehead, splitting the rope and turning the hands up.\n' +
      'Finish with the elbows high and shoulders back; do not lean back to move it.',
  },
  {
    slug: 'band-face-pull',
    name: 'Band face pull',
    aliases: ['Banded face pull'],
    pattern: 'horizontal pull',
    primaryMuscles: ['rear delts', 'upper back'],
    secondaryMuscles: ['traps'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Anchor a band at face height and hold it with the thumbs pointing back.\n' +
      'Pull toward the face with the elbows high, rotating the hands up and back.\n' +
      'Pause at the end; keep the ribs down as you pull.',
  },
  {
    slug: 'band-row',
    name: 'Band row',
    aliases: ['Banded row', 'Resistance band row'],
    pattern: 'horizontal pull',
    primaryMuscles: ['upper back', 'lats'],
    secondaryMuscles: ['biceps', 'rear delts'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Anchor the band at chest height and step back until it is tight.\n' +
      'Row the hands to the ribs, squeezing the shoulder blades together.\n' +
      'Return slowly; do not let the band snap the arms forward.',
  },

  // Vertical pull
  {
    slug: 'pull-up',
    name: 'Pull-up',
    aliases: ['Pullup', 'Overhand pull-up', 'Wide-grip pull-up'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps', 'forearms', 'abs'],
    equipment: ['pull-up bar', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang from the bar with an overhand grip slightly wider than the shoulders.\n' +
      'Pull the chest up toward the bar, driving the elbows down.\n' +
      'Lower to straight arms every rep; avoid kipping and half reps.',
  },
  {
    slug: 'chin-up',
    name: 'Chin-up',
    aliases: ['Chinup', 'Underhand pull-up'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'biceps'],
    secondaryMuscles: ['upper back', 'forearms'],
    equipment: ['pull-up bar', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang with an underhand grip about shoulder width.\n' +
      'Pull until the chin clears the bar, chest toward it.\n' +
      'Lower all the way down; do not crane the neck to reach the bar.',
  },
  {
    slug: 'neutral-grip-pull-up',
    name: 'Neutral-grip pull-up',
    aliases: ['Hammer-grip pull-up', 'Parallel-grip pull-up'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps', 'forearms'],
    equipment: ['pull-up bar', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang from parallel handles with the palms facing each other.\n' +
      'Pull the chest up between the handles, elbows tight.\n' +
      'Control the lowering to a full hang; keep the legs quiet.',
  },
  {
    slug: 'weighted-pull-up',
    name: 'Weighted pull-up',
    aliases: [],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps', 'forearms'],
    equipment: ['pull-up bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hang the load from a dip belt or hold a dumbbell between the feet.\n' +
      'Pull from a dead hang until the chin is over the bar.\n' +
      'Lower slowly; if the reps turn into half reps, drop the load.',
  },
  {
    slug: 'weighted-chin-up',
    name: 'Weighted chin-up',
    aliases: [],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'biceps'],
    secondaryMuscles: ['upper back', 'forearms'],
    equipment: ['pull-up bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Attach the load with a belt and hang with an underhand grip.\n' +
      'Pull the chest toward the bar until the chin clears it.\n' +
      'Return to a full hang; stop any swing before the next rep.',
  },
  {
    slug: 'band-assisted-pull-up',
    name: 'Band-assisted pull-up',
    aliases: ['Banded pull-up', 'Assisted pull-up'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps'],
    equipment: ['pull-up bar', 'band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Loop a band over the bar and place a knee or foot in it.\n' +
      'Pull up as for a normal pull-up, chest toward the bar.\n' +
      'Lower under control; move to a lighter band as you get stronger.',
  },
  {
    slug: 'machine-assisted-pull-up',
    name: 'Machine-assisted pull-up',
    aliases: ['Assisted pull-up machine', 'Assisted chin-up'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Kneel on the pad and pick a counterweight; more weight means more help.\n' +
      'Pull the chin over the handles, driving the elbows down.\n' +
      'Lower to straight arms; reduce the assistance over time.',
  },
  {
    slug: 'lat-pulldown',
    name: 'Lat pulldown',
    aliases: ['Pulldown', 'Wide-grip pulldown', 'Lat pull-down'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats'],
    secondaryMuscles: ['upper back', 'biceps', 'rear delts'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Thighs under the pads, grip a little wider than the shoulders.\n' +
      'Pull the bar to the upper chest, driving the elbows down and back.\n' +
      'Let the arms straighten fully at the top; do not rock the torso to move the weight.',
  },
  {
    slug: 'close-grip-lat-pulldown',
    name: 'Close-grip lat pulldown',
    aliases: ['V-bar pulldown', 'Neutral-grip pulldown'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats'],
    secondaryMuscles: ['upper back', 'biceps'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Attach a close neutral handle and sit with the thighs locked in.\n' +
      'Pull the handle to the upper chest with a slight lean back.\n' +
      'Reach up to a full stretch; keep the chest up, not rounded.',
  },
  {
    slug: 'single-arm-lat-pulldown',
    name: 'Single-arm lat pulldown',
    aliases: ['One-arm pulldown'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats'],
    secondaryMuscles: ['upper back', 'biceps', 'obliques'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Kneel or sit under a high pulley holding a single handle.\n' +
      'Pull the elbow down to the side of the ribs.\n' +
      'Let the arm rise to a full stretch; do not lean sideways to finish.',
  },
  {
    slug: 'straight-arm-pulldown',
    name: 'Straight-arm pulldown',
    aliases: ['Straight-arm lat pulldown', 'Lat prayer', 'Cable pullover'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats'],
    secondaryMuscles: ['triceps', 'abs'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Face a high pulley holding a bar or rope, arms long with a slight bend.\n' +
      'Sweep the hands down to the thighs by squeezing the lats.\n' +
      'Return overhead slowly; keep the elbows fixed and the torso still.',
  },
  {
    slug: 'eccentric-pull-up',
    name: 'Eccentric pull-up',
    aliases: ['Negative pull-up', 'Pull-up negative'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['biceps', 'forearms'],
    equipment: ['pull-up bar', 'box'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Step or jump to the top position with the chin over the bar.\n' +
      'Lower yourself as slowly as you can, aiming for three to five seconds.\n' +
      'Step back up to start each rep; stop when you can no longer control the descent.',
  },
  {
    slug: 'scapular-pull-up',
    name: 'Scapular pull-up',
    aliases: ['Scap pull-up', 'Scap pull'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'upper back'],
    secondaryMuscles: ['traps'],
    equipment: ['pull-up bar', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Dead hang from the bar with straight arms.\n' +
      'Pull the shoulder blades down and back to lift the body a few centimetres.\n' +
      'Keep the elbows locked; this is a shoulder blade movement, not a pull-up.',
  },
  {
    slug: 'band-lat-pulldown',
    name: 'Band lat pulldown',
    aliases: ['Banded pulldown', 'Kneeling band pulldown'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats'],
    secondaryMuscles: ['upper back', 'biceps'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Anchor a band high and kneel facing it, arms reaching up.\n' +
      'Pull the hands down to the shoulders, elbows driving toward the hips.\n' +
      'Return slowly to a full reach; keep the ribs down.',
  },
  {
    slug: 'dumbbell-pullover',
    name: 'Dumbbell pullover',
    aliases: ['Pullover', 'DB pullover'],
    pattern: 'vertical pull',
    primaryMuscles: ['lats', 'chest'],
    secondaryMuscles: ['triceps'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie on a bench holding one dumbbell with both hands over the chest.\n' +
      'Lower it behind the head in an arc with slightly bent elbows.\n' +
      'Pull it back over the chest; stop where the ribs start to flare.',
  },

  // Carry
  {
    slug: 'farmers-carry',
    name: "Farmer's carry",
    aliases: ["Farmer's walk", 'Farmer walk', 'Farmer carry'],
    pattern: 'carry',
    primaryMuscles: ['forearms', 'traps'],
    secondaryMuscles: ['upper back', 'abs', 'glutes'],
    equipment: ['dumbbell', 'kettlebell'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Pick up a heavy weight in each hand as you would a deadlift.\n' +
      'Walk with short, quick steps, shoulders down and chest tall.\n' +
      'Keep the weights still at your sides; set them down before the grip fails.',
  },
  {
    slug: 'trap-bar-carry',
    name: 'Trap bar carry',
    aliases: ["Trap bar farmer's walk", 'Hex bar carry'],
    pattern: 'carry',
    primaryMuscles: ['forearms', 'traps'],
    secondaryMuscles: ['upper back', 'abs', 'quads'],
    equipment: ['trap bar'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Deadlift the trap bar and stand tall in the center.\n' +
      'Walk with controlled steps, keeping the bar level.\n' +
      'Stop before setting it down and lower it with a flat back; do not drop it from lockout.',
  },
  {
    slug: 'suitcase-carry',
    name: 'Suitcase carry',
    aliases: ['Single-arm farmer carry', 'One-arm farmer walk'],
    pattern: 'carry',
    primaryMuscles: ['obliques', 'forearms'],
    secondaryMuscles: ['abs', 'traps', 'glutes'],
    equipment: ['kettlebell', 'dumbbell'],
    tracking: 'distance_time',
    unilateral: true,
    instructions:
      'Hold one heavy weight at your side like a suitcase.\n' +
      'Walk tall without leaning toward or away from the weight.\n' +
      'Switch hands each length; keep the shoulders level.',
  },
  {
    slug: 'front-rack-carry',
    name: 'Front-rack carry',
    aliases: ['Rack carry', 'Front-rack walk', 'Double kettlebell rack carry'],
    pattern: 'carry',
    primaryMuscles: ['abs', 'upper back'],
    secondaryMuscles: ['forearms', 'biceps', 'obliques'],
    equipment: ['kettlebell'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Clean two kettlebells to the rack position, elbows tucked.\n' +
      'Walk with an upright torso, breathing behind the brace.\n' +
      'Do not lean back to balance the load; keep the ribs stacked over the hips.',
  },
  {
    slug: 'overhead-carry',
    name: 'Overhead carry',
    aliases: ['Overhead walk', 'Double overhead carry'],
    pattern: 'carry',
    primaryMuscles: ['front delts', 'upper back', 'abs'],
    secondaryMuscles: ['traps', 'triceps', 'obliques'],
    equipment: ['kettlebell', 'dumbbell'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Press two bells overhead and lock the arms, biceps by the ears.\n' +
      'Walk slowly with the ribs down and the weights stacked over the shoulders.\n' +
      'If the arms drift forward or the back arches, put the weights down.',
  },
  {
    slug: 'waiter-walk',
    name: 'Waiter walk',
    aliases: ['Single-arm overhead carry', 'Waiter carry'],
    pattern: 'carry',
    primaryMuscles: ['front delts', 'upper back', 'obliques'],
    secondaryMuscles: ['traps', 'abs'],
    equipment: ['kettlebell', 'dumbbell'],
    tracking: 'distance_time',
    unilateral: true,
    instructions:
      'Press one bell overhead and lock the arm, palm facing forward.\n' +
      'Walk tall without leaning away from the weight.\n' +
      'Switch arms each length; keep the wrist stacked over the shoulder.',
  },
  {
    slug: 'bottoms-up-kettlebell-carry',
    name: 'Bottoms-up kettlebell carry',
    aliases: ['Bottoms-up carry'],
    pattern: 'carry',
    primaryMuscles: ['forearms', 'front delts'],
    secondaryMuscles: ['upper back', 'abs'],
    equipment: ['kettlebell'],
    tracking: 'distance_time',
    unilateral: true,
    instructions:
      'Hold a kettlebell upside down by the handle at shoulder height, elbow tucked.\n' +
      'Crush the grip and walk slowly, keeping the bell vertical.\n' +
      'Switch sides each length; start with a light bell.',
  },
  {
    slug: 'zercher-carry',
    name: 'Zercher carry',
    aliases: ['Zercher walk'],
    pattern: 'carry',
    primaryMuscles: ['abs', 'upper back', 'biceps'],
    secondaryMuscles: ['quads', 'glutes', 'lower back'],
    equipment: ['barbell'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Cradle the bar in the crooks of the elbows, hands clasped.\n' +
      'Walk with short steps, staying upright and braced.\n' +
      'Pad the bar if you need to; stop when the torso starts folding forward.',
  },

  // Core
  {
    slug: 'plank',
    name: 'Plank',
    aliases: ['Front plank', 'Forearm plank'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['obliques', 'glutes', 'front delts'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Forearms under the shoulders, body straight from head to heels.\n' +
      'Squeeze the glutes and pull the ribs toward the hips.\n' +
      'Breathe steadily; end the set when the hips start to sag.',
  },
  {
    slug: 'side-plank',
    name: 'Side plank',
    aliases: [],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['abs', 'abductors', 'glutes'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Lie on one side with the elbow under the shoulder and the feet stacked.\n' +
      'Lift the hips so the body forms a straight line.\n' +
      'Hold without letting the hips drop or roll backward, then switch sides.',
  },
  {
    slug: 'dead-bug',
    name: 'Dead bug',
    aliases: ['Deadbug'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['hip flexors', 'obliques'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie on your back with the arms up and the hips and knees at 90 degrees.\n' +
      'Press the lower back into the floor and slowly extend the opposite arm and leg.\n' +
      'Return and switch sides; shorten the reach before the back lifts.',
  },
  {
    slug: 'bird-dog',
    name: 'Bird dog',
    aliases: [],
    pattern: 'core',
    primaryMuscles: ['abs', 'lower back'],
    secondaryMuscles: ['glutes', 'obliques'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'On hands and knees, hands under the shoulders, knees under the hips.\n' +
      'Reach one arm forward and the opposite leg back until both are level.\n' +
      'Pause, return, and switch; keep the hips from rotating.',
  },
  {
    slug: 'ab-wheel-rollout',
    name: 'Ab wheel rollout',
    aliases: ['Ab rollout', 'Ab wheel', 'Rollout'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['lats', 'obliques', 'hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Kneel holding the ab wheel under the shoulders, ribs pulled down.\n' +
      'Roll forward slowly as far as you can without the lower back arching.\n' +
      'Pull back with the abs, not by pushing the hips back first.',
  },
  {
    slug: 'hanging-knee-raise',
    name: 'Hanging knee raise',
    aliases: ['Hanging knee tuck'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['forearms', 'obliques'],
    equipment: ['pull-up bar'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang from the bar with active shoulders and the legs together.\n' +
      'Curl the knees up toward the chest, tilting the pelvis up.\n' +
      'Lower slowly; do not swing to build momentum.',
  },
  {
    slug: 'hanging-leg-raise',
    name: 'Hanging leg raise',
    aliases: ['HLR', 'Straight-leg hanging raise'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['forearms', 'obliques', 'lats'],
    equipment: ['pull-up bar'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang from the bar with the legs straight and the shoulders engaged.\n' +
      'Lift straight legs to at least hip height by curling the pelvis.\n' +
      'Control the way down; stop the swing before the next rep.',
  },
  {
    slug: 'toes-to-bar',
    name: 'Toes-to-bar',
    aliases: ['T2B', 'TTB'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['lats', 'forearms'],
    equipment: ['pull-up bar'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hang from the bar with a shoulder-width grip.\n' +
      'Press down on the bar and bring the toes up to touch it.\n' +
      'Let the legs fall back under control; keep the reps rhythmic, not wild.',
  },
  {
    slug: 'pallof-press',
    name: 'Pallof press',
    aliases: ['Anti-rotation press', 'Cable Pallof press'],
    pattern: 'core',
    primaryMuscles: ['obliques', 'abs'],
    secondaryMuscles: ['glutes'],
    equipment: ['cable', 'band'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand side-on to a cable or band at chest height, handle at the breastbone.\n' +
      'Press the hands straight out and hold, resisting the pull to rotate.\n' +
      'Bring the hands back in slowly; keep the hips and shoulders square.',
  },
  {
    slug: 'cable-woodchop',
    name: 'Cable woodchop',
    aliases: ['Woodchopper', 'Cable chop', 'High-to-low chop'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['abs', 'front delts'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Set the pulley high and stand side-on with both hands on the handle.\n' +
      'Pull diagonally down across the body, turning through the hips and trunk.\n' +
      'Return under control; the arms stay long and the power comes from the trunk.',
  },
  {
    slug: 'half-kneeling-cable-lift',
    name: 'Half-kneeling cable lift',
    aliases: ['Cable lift', 'Low-to-high chop'],
    pattern: 'core',
    primaryMuscles: ['obliques', 'abs'],
    secondaryMuscles: ['glutes', 'front delts'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Kneel side-on to a low pulley, inside knee down, rope in both hands.\n' +
      'Pull the rope to the chest, then press it up and across past the far shoulder.\n' +
      'Keep the hips still; only the arms and trunk move.',
  },
  {
    slug: 'turkish-get-up',
    name: 'Turkish get-up',
    aliases: ['TGU', 'Get-up', 'Turkish getup'],
    pattern: 'core',
    primaryMuscles: ['abs', 'obliques', 'front delts'],
    secondaryMuscles: ['glutes', 'upper back', 'triceps'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Lie down with the bell pressed up, same-side knee bent, eyes on the bell.\n' +
      'Roll to the elbow, then the hand, bridge, sweep the leg under, and stand up.\n' +
      'Reverse each step to lie back down; the arm stays vertical the whole time.',
  },
  {
    slug: 'hollow-hold',
    name: 'Hollow hold',
    aliases: ['Hollow body hold'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Lie on your back and press the lower back into the floor.\n' +
      'Lift the shoulders and straight legs a few centimetres, arms overhead.\n' +
      'Hold the banana shape; bend the knees if the back peels up.',
  },
  {
    slug: 'copenhagen-plank',
    name: 'Copenhagen plank',
    aliases: ['Copenhagen side plank', 'Copenhagen adductor plank'],
    pattern: 'core',
    primaryMuscles: ['adductors', 'obliques'],
    secondaryMuscles: ['abs'],
    equipment: ['bench', 'bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Side plank with the top leg resting on a bench and the bottom leg free.\n' +
      'Lift the hips until the body is straight, pressing the top leg into the bench.\n' +
      'Start with the knee on the bench; move to the ankle as you get stronger.',
  },
  {
    slug: 'russian-twist',
    name: 'Russian twist',
    aliases: ['Seated twist'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['abs', 'hip flexors'],
    equipment: ['medicine ball', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Sit leaning back with the knees bent, holding a medicine ball at the chest.\n' +
      'Rotate the shoulders to tap the ball beside each hip.\n' +
      'Turn from the ribs, not just the arms; lift the feet to make it harder.',
  },
  {
    slug: 'crunch',
    name: 'Crunch',
    aliases: ['Ab crunch'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: [],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie on your back with the knees bent, fingertips behind the ears.\n' +
      'Curl the ribs toward the hips, lifting the shoulder blades off the floor.\n' +
      'Lower slowly; do not pull on the head.',
  },
  {
    slug: 'cable-crunch',
    name: 'Cable crunch',
    aliases: ['Kneeling cable crunch', 'Rope crunch'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['obliques'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Kneel under a high pulley holding the rope beside the head.\n' +
      'Curl the elbows down toward the knees by flexing the spine.\n' +
      'Keep the hips still; this is a crunch, not a hip hinge.',
  },
  {
    slug: 'decline-sit-up',
    name: 'Decline sit-up',
    aliases: [],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['obliques'],
    equipment: ['bench', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hook the feet under the pads of a decline bench.\n' +
      'Curl up until the torso is upright, then lower slowly.\n' +
      'Hold a plate at the chest to make it harder; avoid yanking with the arms.',
  },
  {
    slug: 'sit-up',
    name: 'Sit-up',
    aliases: ['Situp'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['obliques'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie with the knees bent and feet flat, arms crossed over the chest.\n' +
      'Curl up until the chest approaches the thighs.\n' +
      'Lower with control, one vertebra at a time.',
  },
  {
    slug: 'reverse-crunch',
    name: 'Reverse crunch',
    aliases: [],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie on your back with the hips and knees bent at 90 degrees.\n' +
      'Curl the hips off the floor, bringing the knees toward the chest.\n' +
      'Lower slowly; use the abs, not leg momentum.',
  },
  {
    slug: 'v-up',
    name: 'V-up',
    aliases: ['Jackknife sit-up', 'Jackknife'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: [],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie flat with the arms overhead and the legs straight.\n' +
      'Lift the arms and legs together to meet over the hips.\n' +
      'Lower back to the floor under control and repeat.',
  },
  {
    slug: 'l-sit',
    name: 'L-sit',
    aliases: ['L-sit hold'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['triceps', 'quads'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Support yourself on parallettes, dip bars or the floor with straight arms.\n' +
      'Lift the legs straight out in front, level with the hips.\n' +
      'Push the shoulders down away from the ears; tuck the knees to make it easier.',
  },
  {
    slug: 'suspension-trainer-fallout',
    name: 'Suspension trainer fallout',
    aliases: ['TRX fallout', 'TRX rollout'],
    pattern: 'core',
    primaryMuscles: ['abs'],
    secondaryMuscles: ['lats', 'front delts'],
    equipment: ['suspension trainer'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold the handles in front of you, leaning forward in a plank.\n' +
      'Let the arms rise overhead as the body falls forward, ribs pulled down.\n' +
      'Pull back to the start with the abs and lats; stand more upright to make it easier.',
  },
  {
    slug: 'rower-pike',
    name: 'Rower pike',
    aliases: ['Rower seat pike'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['front delts', 'triceps'],
    equipment: ['rower', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Feet on the rower seat, hands on the floor in a plank.\n' +
      'Lift the hips into a pike, letting the seat roll toward the hands.\n' +
      'Lower back to a straight plank without the hips sagging.',
  },
  {
    slug: 'rower-knee-tuck',
    name: 'Rower knee tuck',
    aliases: ['Rower seat tuck'],
    pattern: 'core',
    primaryMuscles: ['abs', 'hip flexors'],
    secondaryMuscles: ['front delts'],
    equipment: ['rower', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Plank with the feet on the rower seat and the hands on the floor.\n' +
      'Pull the knees in toward the chest, rolling the seat forward.\n' +
      'Extend back to a plank; keep the shoulders over the hands.',
  },
  {
    slug: 'landmine-rotation',
    name: 'Landmine rotation',
    aliases: ['Landmine rainbow', 'Landmine twist', 'Landmine 180'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['abs', 'front delts'],
    equipment: ['landmine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the end of the bar overhead with the arms extended, feet wide.\n' +
      'Arc the bar down to one hip, pivoting the back foot.\n' +
      'Return through the top and switch sides; keep the arms long.',
  },
  {
    slug: 'rotational-medicine-ball-throw',
    name: 'Rotational medicine ball throw',
    aliases: ['Med ball scoop toss', 'Rotational med ball toss'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['glutes', 'abs'],
    equipment: ['medicine ball'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand side-on to a wall with the ball held at the back hip.\n' +
      'Turn the hips, then the shoulders, and throw the ball into the wall.\n' +
      'Catch and reset; the power starts from the back leg.',
  },
  {
    slug: 'kettlebell-windmill',
    name: 'Kettlebell windmill',
    aliases: ['KB windmill', 'Windmill'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['hamstrings', 'front delts', 'glutes'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Press the bell overhead with the feet angled away from the working arm.\n' +
      'Push the hips out and slide the free hand down the front leg, eyes on the bell.\n' +
      'Stand back up with the arm vertical; keep both knees mostly straight.',
  },
  {
    slug: 'dumbbell-side-bend',
    name: 'Dumbbell side bend',
    aliases: ['Side bend'],
    pattern: 'core',
    primaryMuscles: ['obliques'],
    secondaryMuscles: ['abs'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand tall with a dumbbell in one hand and the free hand on the hip.\n' +
      'Bend sideways toward the weight, staying in line with the body.\n' +
      'Pull back up with the opposite side; do not lean forward or back.',
  },

  // Conditioning
  {
    slug: 'rowing-machine',
    name: 'Rowing machine',
    aliases: ['Rower', 'Row erg', 'Indoor rowing', 'Concept2 row'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'upper back', 'quads'],
    secondaryMuscles: ['lats', 'glutes', 'hamstrings'],
    equipment: ['rower'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Strap in with the foot strap over the widest part of the foot.\n' +
      'Drive with the legs first, then lean back, then pull the handle to the lower ribs.\n' +
      'Recover in reverse: arms, body, legs; do not bend the knees before the handle clears them.',
  },
  {
    slug: 'air-bike',
    name: 'Air bike',
    aliases: ['Assault bike', 'Fan bike', 'Echo bike', 'Airdyne'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'quads'],
    secondaryMuscles: ['glutes', 'front delts', 'upper back'],
    equipment: ['bike'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Set the seat so the knee is slightly bent at the bottom of the pedal stroke.\n' +
      'Push and pull the handles in time with the legs.\n' +
      'Pace the effort; the fan resistance climbs fast as you speed up.',
  },
  {
    slug: 'bike-erg',
    name: 'Bike erg',
    aliases: ['BikeErg', 'Concept2 bike'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'quads'],
    secondaryMuscles: ['glutes', 'hamstrings', 'calves'],
    equipment: ['bike'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Set the seat so the knee stays slightly bent at the bottom.\n' +
      'Pedal smoothly, pushing down and pulling through the whole circle.\n' +
      'Use the damper to change the feel; keep the upper body relaxed.',
  },
  {
    slug: 'stationary-bike',
    name: 'Stationary bike',
    aliases: ['Exercise bike', 'Spin bike', 'Upright bike', 'Indoor cycling'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'quads'],
    secondaryMuscles: ['glutes', 'hamstrings', 'calves'],
    equipment: ['bike'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Set the seat at hip height when standing beside the bike.\n' +
      'Pedal at a steady cadence with the resistance set for the session.\n' +
      'Sit tall with relaxed shoulders; do not rock the hips side to side.',
  },
  {
    slug: 'ski-erg',
    name: 'Ski erg',
    aliases: ['SkiErg', 'Ski machine', 'Nordic ski machine'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'lats', 'triceps'],
    secondaryMuscles: ['abs', 'upper back', 'glutes'],
    equipment: ['ski erg'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Stand tall facing the machine with the handles overhead.\n' +
      'Drive the handles down with the arms while hinging the hips and bending the knees.\n' +
      'Finish with the hands past the hips, then rise tall; do not squat deep on each pull.',
  },
  {
    slug: 'single-arm-ski-erg',
    name: 'Single-arm ski erg',
    aliases: ['One-arm ski erg'],
    pattern: 'conditioning',
    primaryMuscles: ['lats', 'heart and lungs'],
    secondaryMuscles: ['triceps', 'obliques', 'abs'],
    equipment: ['ski erg'],
    tracking: 'distance_time',
    unilateral: true,
    instructions:
      'Stand slightly side-on and hold one handle overhead.\n' +
      'Pull down and back past the hip with a small hinge.\n' +
      'Keep the trunk from twisting; switch arms at set intervals.',
  },
  {
    slug: 'kneeling-ski-erg',
    name: 'Kneeling ski erg',
    aliases: ['Half-kneeling ski erg'],
    pattern: 'conditioning',
    primaryMuscles: ['lats', 'heart and lungs'],
    secondaryMuscles: ['triceps', 'abs', 'upper back'],
    equipment: ['ski erg'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Kneel tall facing the machine with the handles overhead.\n' +
      'Pull the handles down past the hips using the lats and a crunch of the trunk.\n' +
      'Keep the hips still; with the legs out of it, the upper body does all the work.',
  },
  {
    slug: 'sled-push',
    name: 'Sled push',
    aliases: ['Prowler push', 'Prowler'],
    pattern: 'conditioning',
    primaryMuscles: ['quads', 'glutes', 'heart and lungs'],
    secondaryMuscles: ['calves', 'front delts', 'triceps'],
    equipment: ['sled'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Hands on the posts, body leaning forward at about 45 degrees.\n' +
      'Drive with short, powerful steps through the balls of the feet.\n' +
      'Keep the hips low and the back flat; do not stand up tall as you tire.',
  },
  {
    slug: 'sled-drag',
    name: 'Sled drag',
    aliases: ['Forward sled drag', 'Sled pull'],
    pattern: 'conditioning',
    primaryMuscles: ['quads', 'glutes', 'hamstrings'],
    secondaryMuscles: ['calves', 'heart and lungs'],
    equipment: ['sled'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Clip the straps to a belt or hold them behind you, facing away from the sled.\n' +
      'Lean forward slightly and walk with long, driving steps.\n' +
      'Keep tension on the straps the whole way; do not jerk the sled.',
  },
  {
    slug: 'backward-sled-drag',
    name: 'Backward sled drag',
    aliases: ['Reverse sled drag', 'Retro sled drag'],
    pattern: 'conditioning',
    primaryMuscles: ['quads'],
    secondaryMuscles: ['calves', 'heart and lungs'],
    equipment: ['sled'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Face the sled holding the straps with straight arms.\n' +
      'Sit into a quarter squat and walk backward, pushing through the balls of the feet.\n' +
      'Keep the knees bent throughout; small, steady steps beat big lunges.',
  },
  {
    slug: 'lateral-sled-drag',
    name: 'Lateral sled drag',
    aliases: ['Sideways sled drag', 'Sled side step'],
    pattern: 'conditioning',
    primaryMuscles: ['abductors', 'adductors', 'glutes'],
    secondaryMuscles: ['quads', 'heart and lungs'],
    equipment: ['sled'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Stand side-on to the sled with the strap in the near hand or clipped to a belt.\n' +
      'Step sideways away from the sled with the lead foot, then bring the other foot in.\n' +
      'Stay low without crossing the feet; switch direction each length.',
  },
  {
    slug: 'burpee',
    name: 'Burpee',
    aliases: ['Burpees'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'chest', 'quads'],
    secondaryMuscles: ['triceps', 'abs', 'glutes'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'From standing, squat and place the hands on the floor.\n' +
      'Jump the feet back, lower the chest to the floor, then push up.\n' +
      'Jump the feet in and finish with a small jump, hands overhead.',
  },
  {
    slug: 'box-jump',
    name: 'Box jump',
    aliases: [],
    pattern: 'conditioning',
    primaryMuscles: ['quads', 'glutes'],
    secondaryMuscles: ['calves', 'hamstrings'],
    equipment: ['box', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand a short step from the box with the feet hip width.\n' +
      'Swing the arms and jump, landing softly with both feet on the box.\n' +
      'Stand tall, then step down; do not jump down for high reps.',
  },
  {
    slug: 'depth-jump',
    name: 'Depth jump',
    aliases: ['Drop jump'],
    pattern: 'conditioning',
    primaryMuscles: ['quads', 'calves', 'glutes'],
    secondaryMuscles: ['hamstrings'],
    equipment: ['box', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Step off a low box rather than jumping off it.\n' +
      'Land on both feet and immediately jump as high as you can.\n' +
      'Spend as little time on the ground as possible; pick a height you land quietly from.',
  },
  {
    slug: 'broad-jump',
    name: 'Broad jump',
    aliases: ['Standing long jump'],
    pattern: 'conditioning',
    primaryMuscles: ['glutes', 'quads'],
    secondaryMuscles: ['hamstrings', 'calves'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand with the feet hip width and swing the arms back as you hinge.\n' +
      'Jump forward as far as you can, driving the arms through.\n' +
      'Stick the landing in a half squat before the next rep.',
  },
  {
    slug: 'jump-rope',
    name: 'Jump rope',
    aliases: ['Skipping', 'Skipping rope', 'Rope skipping'],
    pattern: 'conditioning',
    primaryMuscles: ['calves', 'heart and lungs'],
    secondaryMuscles: ['quads'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Elbows close to the sides; turn the rope with the wrists.\n' +
      'Jump just high enough to clear the rope, landing on the balls of the feet.\n' +
      'Keep the knees soft and the jumps small and quiet.',
  },
  {
    slug: 'medicine-ball-slam',
    name: 'Medicine ball slam',
    aliases: ['Ball slam', 'Slam ball', 'Med ball slam'],
    pattern: 'conditioning',
    primaryMuscles: ['abs', 'lats'],
    secondaryMuscles: ['heart and lungs', 'triceps', 'glutes'],
    equipment: ['medicine ball'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Raise the ball overhead, rising onto the toes.\n' +
      'Slam it into the floor in front of you, hinging and bending the knees.\n' +
      'Pick it up with a flat back and repeat; use a ball that does not bounce.',
  },
  {
    slug: 'wall-ball',
    name: 'Wall ball',
    aliases: ['Wall ball shot', 'Wall-ball'],
    pattern: 'conditioning',
    primaryMuscles: ['quads', 'glutes', 'front delts'],
    secondaryMuscles: ['heart and lungs', 'triceps'],
    equipment: ['medicine ball'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand facing a wall holding the ball at the chest.\n' +
      'Squat below parallel, then drive up and throw the ball to the target.\n' +
      'Catch it and drop straight into the next squat.',
  },
  {
    slug: 'mountain-climber',
    name: 'Mountain climber',
    aliases: ['Mountain climbers'],
    pattern: 'conditioning',
    primaryMuscles: ['abs', 'hip flexors', 'heart and lungs'],
    secondaryMuscles: ['front delts', 'quads'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'High plank with the hands under the shoulders.\n' +
      'Drive one knee toward the chest, then switch legs quickly.\n' +
      'Keep the hips level with the shoulders; do not let them bounce up.',
  },
  {
    slug: 'jumping-jack',
    name: 'Jumping jack',
    aliases: ['Star jump'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'calves'],
    secondaryMuscles: ['abductors', 'side delts'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand with the feet together and the arms at the sides.\n' +
      'Jump the feet wide while raising the arms overhead.\n' +
      'Jump back to the start; stay light on the balls of the feet.',
  },
  {
    slug: 'run',
    name: 'Run',
    aliases: ['Running', 'Jog', 'Treadmill run'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'quads'],
    secondaryMuscles: ['calves', 'hamstrings', 'glutes'],
    equipment: ['bodyweight'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Run tall with a slight forward lean from the ankles.\n' +
      'Land with the foot under the hips and keep the cadence quick.\n' +
      'Relax the shoulders and hands; hold a pace you can sustain.',
  },
  {
    slug: 'sprint',
    name: 'Sprint',
    aliases: ['Sprints', 'Hill sprint'],
    pattern: 'conditioning',
    primaryMuscles: ['glutes', 'hamstrings', 'quads'],
    secondaryMuscles: ['heart and lungs', 'calves'],
    equipment: ['bodyweight'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Warm up well, then start from a staggered stance leaning forward.\n' +
      'Drive the knees and arms hard, pushing the ground behind you.\n' +
      'Rest fully between reps; stop the session when your speed drops off.',
  },
  {
    slug: 'shuttle-run',
    name: 'Shuttle run',
    aliases: ['Suicide run', 'Line drill', 'Suicides'],
    pattern: 'conditioning',
    primaryMuscles: ['heart and lungs', 'quads'],
    secondaryMuscles: ['glutes', 'calves', 'adductors'],
    equipment: ['bodyweight'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'Set markers at fixed distances and start behind the line.\n' +
      'Sprint to the marker, plant, turn, and sprint back.\n' +
      'Lower the hips before each turn; do not reach out with a straight leg.',
  },
  {
    slug: 'bear-crawl',
    name: 'Bear crawl',
    aliases: [],
    pattern: 'conditioning',
    primaryMuscles: ['abs', 'front delts'],
    secondaryMuscles: ['quads', 'triceps', 'heart and lungs'],
    equipment: ['bodyweight'],
    tracking: 'distance_time',
    unilateral: false,
    instructions:
      'On hands and feet with the knees hovering just off the floor.\n' +
      'Move the opposite hand and foot together in small steps.\n' +
      'Keep the back flat and the hips low; do not let them pike up.',
  },
  {
    slug: 'devil-press',
    name: 'Devil press',
    aliases: ["Devil's press"],
    pattern: 'conditioning',
    primaryMuscles: ['glutes', 'hamstrings', 'front delts'],
    secondaryMuscles: ['chest', 'triceps', 'heart and lungs'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Do a burpee with the hands on two dumbbells.\n' +
      'Jump the feet in and swing both bells from between the legs to overhead in one move.\n' +
      'Lock out on top, lower under control and go again.',
  },

  // Mobility
  {
    slug: 'worlds-greatest-stretch',
    name: "World's greatest stretch",
    aliases: ['WGS', 'Lunge with rotation', 'Spiderman lunge with rotation'],
    pattern: 'mobility',
    primaryMuscles: ['hip flexors', 'adductors', 'hamstrings'],
    secondaryMuscles: ['upper back', 'glutes'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Step into a long lunge and place the same-side hand inside the front foot.\n' +
      'Drop the elbow toward the instep, then rotate and reach that arm to the ceiling.\n' +
      'Return the hand and straighten the front leg before switching sides.',
  },
  {
    slug: '90-90-hip-switch',
    name: '90/90 hip switch',
    aliases: ['90-90 hip switch', 'Hip switches', '90/90 transitions'],
    pattern: 'mobility',
    primaryMuscles: ['glutes', 'hip flexors'],
    secondaryMuscles: ['adductors', 'abductors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Sit with both knees bent to 90 degrees, one leg in front and one to the side.\n' +
      'Keep the feet planted and rotate both knees over to the other side.\n' +
      'Sit tall throughout; put your hands behind you at first.',
  },
  {
    slug: 'cat-cow',
    name: 'Cat-cow',
    aliases: ['Cat-camel', 'Cat cow stretch'],
    pattern: 'mobility',
    primaryMuscles: ['lower back', 'upper back'],
    secondaryMuscles: ['abs'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'On hands and knees with the hands under the shoulders.\n' +
      'Round the spine up toward the ceiling, tucking the chin and the tailbone.\n' +
      'Then arch slowly, lifting the chest and tailbone; move one segment at a time.',
  },
  {
    slug: 'thoracic-rotation',
    name: 'Thoracic rotation',
    aliases: ['T-spine rotation', 'Quadruped thoracic rotation'],
    pattern: 'mobility',
    primaryMuscles: ['upper back'],
    secondaryMuscles: ['obliques', 'rear delts'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'On hands and knees, sit the hips back toward the heels.\n' +
      'Place one hand behind the head and rotate that elbow up toward the ceiling.\n' +
      'Follow the elbow with the eyes; keep the hips still.',
  },
  {
    slug: 'open-book',
    name: 'Open book',
    aliases: ['Side-lying thoracic rotation', 'Open book stretch'],
    pattern: 'mobility',
    primaryMuscles: ['upper back', 'chest'],
    secondaryMuscles: ['obliques'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Lie on one side with the knees bent and stacked, arms reaching forward.\n' +
      'Sweep the top arm up and over to open the chest, following it with the eyes.\n' +
      'Keep the knees together on the floor; pause at the end and breathe.',
  },
  {
    slug: 'couch-stretch',
    name: 'Couch stretch',
    aliases: ['Rear-foot-elevated hip flexor stretch'],
    pattern: 'mobility',
    primaryMuscles: ['hip flexors', 'quads'],
    secondaryMuscles: [],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Kneel with one shin up against a wall or couch and the other foot forward.\n' +
      'Squeeze the glute of the back leg and bring the torso upright.\n' +
      'Hold and breathe; do not arch the lower back to get upright.',
  },
  {
    slug: 'half-kneeling-hip-flexor-stretch',
    name: 'Half-kneeling hip flexor stretch',
    aliases: ['Kneeling hip flexor stretch', 'Lunge stretch'],
    pattern: 'mobility',
    primaryMuscles: ['hip flexors'],
    secondaryMuscles: ['quads'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Kneel on one knee with the other foot forward.\n' +
      'Tuck the pelvis under and squeeze the glute of the down leg.\n' +
      'Shift forward until the front of the hip stretches; keep the ribs down.',
  },
  {
    slug: 'ankle-dorsiflexion-rock',
    name: 'Ankle dorsiflexion rock',
    aliases: ['Knee-to-wall ankle mobilization', 'Ankle rocks', 'Knee-to-wall'],
    pattern: 'mobility',
    primaryMuscles: ['calves'],
    secondaryMuscles: [],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Half-kneel with the front foot a few centimetres from a wall.\n' +
      'Rock the knee forward over the toes toward the wall, heel flat.\n' +
      'Move the foot back as it gets easy; do not let the arch collapse.',
  },
  {
    slug: 'band-shoulder-dislocate',
    name: 'Band shoulder dislocate',
    aliases: ['Shoulder dislocates', 'Band pass-through', 'Pass-through'],
    pattern: 'mobility',
    primaryMuscles: ['front delts', 'chest'],
    secondaryMuscles: ['rear delts', 'upper back'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold a light band with a wide grip in front of the hips.\n' +
      'With straight arms, lift it overhead and round behind the body.\n' +
      'Return the same way; widen the grip if the elbows bend or the shoulders pinch.',
  },
  {
    slug: 'band-pull-apart',
    name: 'Band pull-apart',
    aliases: ['Pull-apart', 'Band pull apart'],
    pattern: 'mobility',
    primaryMuscles: ['rear delts', 'upper back'],
    secondaryMuscles: ['traps'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold a light band at shoulder height with straight arms.\n' +
      'Pull the band apart until it touches the chest, squeezing the shoulder blades.\n' +
      'Return slowly; keep the ribs down and do not shrug.',
  },
  {
    slug: 'pigeon-stretch',
    name: 'Pigeon stretch',
    aliases: ['Pigeon pose'],
    pattern: 'mobility',
    primaryMuscles: ['glutes'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'From all fours, bring one knee forward with the shin angled across the body.\n' +
      'Extend the other leg straight back and lower the hips toward the floor.\n' +
      'Stay square; prop the hip on a cushion if it does not reach the floor.',
  },
  {
    slug: 'jefferson-curl',
    name: 'Jefferson curl',
    aliases: [],
    pattern: 'mobility',
    primaryMuscles: ['hamstrings', 'lower back'],
    secondaryMuscles: [],
    equipment: ['dumbbell', 'kettlebell', 'box'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand on a box holding a light weight with the legs straight.\n' +
      'Roll down slowly one vertebra at a time, chin first, letting the weight hang.\n' +
      'Roll back up from the bottom of the spine; keep the load light and the tempo slow.',
  },
  {
    slug: 'deep-squat-hold',
    name: 'Deep squat hold',
    aliases: ['Squat hold', 'Resting squat'],
    pattern: 'mobility',
    primaryMuscles: ['adductors', 'calves', 'glutes'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Sink into the bottom of a squat with the heels flat.\n' +
      'Use the elbows to press the knees out and lift the chest.\n' +
      'Breathe and relax into it; hold on to something in front if you tip backward.',
  },
  {
    slug: 'dead-hang',
    name: 'Dead hang',
    aliases: ['Passive hang', 'Bar hang'],
    pattern: 'mobility',
    primaryMuscles: ['forearms', 'lats'],
    secondaryMuscles: ['upper back'],
    equipment: ['pull-up bar'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Grip the bar at shoulder width and let the feet leave the floor.\n' +
      'Let the shoulders rise toward the ears and the body hang long.\n' +
      'Breathe slowly; come down before the grip gives out.',
  },
  {
    slug: 'banded-hamstring-stretch',
    name: 'Banded hamstring stretch',
    aliases: ['Lying hamstring stretch', 'Band hamstring stretch'],
    pattern: 'mobility',
    primaryMuscles: ['hamstrings'],
    secondaryMuscles: ['calves'],
    equipment: ['band'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Lie on your back with a band looped around one foot.\n' +
      'Raise the straight leg until you feel a stretch behind the thigh.\n' +
      'Keep the other leg flat on the floor; do not yank the leg up.',
  },
  {
    slug: 'wall-slide',
    name: 'Wall slide',
    aliases: ['Forearm wall slide', 'Scapular wall slide'],
    pattern: 'mobility',
    primaryMuscles: ['upper back', 'front delts'],
    secondaryMuscles: ['traps', 'rear delts'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Forearms on a wall at shoulder height with a slight lean in.\n' +
      'Slide the forearms up the wall, letting the shoulder blades rotate up.\n' +
      'Pull back down slowly; keep the ribs down and the neck relaxed.',
  },
  {
    slug: 'adductor-rock-back',
    name: 'Adductor rock-back',
    aliases: ['Kneeling adductor rock', 'Adductor rock'],
    pattern: 'mobility',
    primaryMuscles: ['adductors'],
    secondaryMuscles: ['hip flexors', 'glutes'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'On all fours with one leg straight out to the side, foot flat.\n' +
      'Rock the hips back toward the heel of the bent leg.\n' +
      'Keep the back flat; stop at the first stretch in the inner thigh.',
  },
  {
    slug: 'hip-cars',
    name: 'Hip CARs',
    aliases: ['Hip controlled articular rotations', 'Hip circles'],
    pattern: 'mobility',
    primaryMuscles: ['glutes', 'hip flexors'],
    secondaryMuscles: ['adductors', 'abductors'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'On all fours, or standing and holding a support, lift one knee.\n' +
      'Draw the biggest circle you can with the knee, moving slowly.\n' +
      'Keep the rest of the body still; reverse direction each set.',
  },
  {
    slug: 'shoulder-cars',
    name: 'Shoulder CARs',
    aliases: ['Shoulder controlled articular rotations', 'Arm circles'],
    pattern: 'mobility',
    primaryMuscles: ['front delts', 'rear delts'],
    secondaryMuscles: ['upper back', 'side delts'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand tall and brace so the trunk stays still.\n' +
      'Move one straight arm forward, up, back and around in the largest circle you can control.\n' +
      'Go slowly; if the ribs flare, make the circle smaller.',
  },
  {
    slug: 'thread-the-needle',
    name: 'Thread the needle',
    aliases: [],
    pattern: 'mobility',
    primaryMuscles: ['upper back'],
    secondaryMuscles: ['rear delts', 'obliques'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'On hands and knees, reach one arm under the body toward the opposite side.\n' +
      'Let the shoulder and the side of the head rest on the floor.\n' +
      'Reverse and reach the same arm up toward the ceiling.',
  },
  {
    slug: 'frog-stretch',
    name: 'Frog stretch',
    aliases: ['Frog pose'],
    pattern: 'mobility',
    primaryMuscles: ['adductors'],
    secondaryMuscles: ['hip flexors'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'On forearms and knees with the knees wide and the ankles in line with them.\n' +
      'Sink the hips back slowly until the inner thighs stretch.\n' +
      'Breathe into it and hold; back off if you feel it in the knees.',
  },
  {
    slug: 'calf-stretch',
    name: 'Calf stretch',
    aliases: ['Wall calf stretch'],
    pattern: 'mobility',
    primaryMuscles: ['calves'],
    secondaryMuscles: [],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Hands on a wall, one foot back with the heel down and the knee straight.\n' +
      'Lean in until the back calf stretches.\n' +
      'Hold, then bend the back knee slightly to reach the lower calf.',
  },
  {
    slug: 'doorway-pec-stretch',
    name: 'Doorway pec stretch',
    aliases: ['Pec stretch', 'Doorway stretch'],
    pattern: 'mobility',
    primaryMuscles: ['chest'],
    secondaryMuscles: ['front delts'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: true,
    instructions:
      'Forearm on a door frame with the elbow at shoulder height.\n' +
      'Step through until you feel the chest stretch.\n' +
      'Keep the shoulder down and back; do not let it roll forward.',
  },
  {
    slug: 'kettlebell-halo',
    name: 'Kettlebell halo',
    aliases: ['KB halo', 'Halo'],
    pattern: 'mobility',
    primaryMuscles: ['front delts', 'upper back'],
    secondaryMuscles: ['triceps', 'abs', 'side delts'],
    equipment: ['kettlebell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the bell upside down by the horns at chest height.\n' +
      'Circle it around the head, close to the neck, in one direction.\n' +
      'Reverse direction each set; keep the ribs down and the hips still.',
  },
  {
    slug: 'childs-pose',
    name: "Child's pose",
    aliases: ['Child pose', "Extended child's pose"],
    pattern: 'mobility',
    primaryMuscles: ['lats', 'lower back'],
    secondaryMuscles: ['glutes'],
    equipment: ['bodyweight'],
    tracking: 'time',
    unilateral: false,
    instructions:
      'Kneel, sit the hips back toward the heels and reach the arms forward.\n' +
      'Rest the forehead on the floor and let the chest sink.\n' +
      'Breathe slowly into the back; walk the hands to one side to stretch each lat.',
  },

  // Other
  {
    slug: 'barbell-curl',
    name: 'Barbell curl',
    aliases: ['Standing barbell curl', 'BB curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand tall holding the bar with an underhand grip at shoulder width.\n' +
      'Curl the bar up without letting the elbows move forward.\n' +
      'Lower to straight arms; do not swing the hips to start the rep.',
  },
  {
    slug: 'dumbbell-curl',
    name: 'Dumbbell curl',
    aliases: ['DB curl', 'Biceps curl', 'Alternating dumbbell curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand with the dumbbells at your sides, palms forward.\n' +
      'Curl the weights up with the elbows pinned to the sides.\n' +
      'Lower slowly all the way; avoid leaning back.',
  },
  {
    slug: 'hammer-curl',
    name: 'Hammer curl',
    aliases: ['Neutral-grip curl', 'DB hammer curl'],
    pattern: 'other',
    primaryMuscles: ['biceps', 'forearms'],
    secondaryMuscles: [],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the dumbbells with the palms facing each other.\n' +
      'Curl up with the thumbs pointing at the ceiling.\n' +
      'Lower under control; keep the upper arms still.',
  },
  {
    slug: 'ez-bar-curl',
    name: 'EZ bar curl',
    aliases: ['EZ curl', 'EZ-bar curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['ez bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the angled grips of the EZ bar with straight arms.\n' +
      'Curl to the shoulders with the elbows fixed at the sides.\n' +
      'Lower on a slow count; no hip swing.',
  },
  {
    slug: 'preacher-curl',
    name: 'Preacher curl',
    aliases: ['Scott curl', 'EZ bar preacher curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['ez bar', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Armpits snug over the top of the preacher pad.\n' +
      'Curl the bar up until the forearms are nearly vertical.\n' +
      'Lower all the way under control; do not drop into the bottom.',
  },
  {
    slug: 'incline-dumbbell-curl',
    name: 'Incline dumbbell curl',
    aliases: ['Incline curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['dumbbell', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit back on a bench set at about 45 degrees, arms hanging straight.\n' +
      'Curl the dumbbells up while keeping the elbows behind the body.\n' +
      'Lower to a full stretch; do not let the shoulders roll forward.',
  },
  {
    slug: 'cable-curl',
    name: 'Cable curl',
    aliases: ['Cable biceps curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand facing a low pulley with a bar attachment.\n' +
      'Curl the bar up with the elbows at the sides.\n' +
      'Return slowly against the cable; keep the torso still.',
  },
  {
    slug: 'concentration-curl',
    name: 'Concentration curl',
    aliases: [],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: [],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Sit and brace the back of the upper arm against the inside of the thigh.\n' +
      'Curl the dumbbell toward the shoulder without moving the upper arm.\n' +
      'Lower slowly to full extension; keep the wrist straight.',
  },
  {
    slug: 'reverse-curl',
    name: 'Reverse curl',
    aliases: ['Reverse-grip curl', 'Overhand curl'],
    pattern: 'other',
    primaryMuscles: ['forearms', 'biceps'],
    secondaryMuscles: [],
    equipment: ['ez bar', 'barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the bar with an overhand grip, hands shoulder width.\n' +
      'Curl up with the wrists straight and the elbows at the sides.\n' +
      'Lower slowly; keep it light, the forearms limit this one.',
  },
  {
    slug: 'band-curl',
    name: 'Band curl',
    aliases: ['Banded biceps curl', 'Resistance band curl'],
    pattern: 'other',
    primaryMuscles: ['biceps'],
    secondaryMuscles: ['forearms'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Stand on the middle of a band with an end in each hand.\n' +
      'Curl the hands up to the shoulders with the elbows fixed.\n' +
      'Lower against the band slowly; do not let it snap the arms down.',
  },
  {
    slug: 'wrist-curl',
    name: 'Wrist curl',
    aliases: ['Forearm curl', 'Seated wrist curl'],
    pattern: 'other',
    primaryMuscles: ['forearms'],
    secondaryMuscles: [],
    equipment: ['dumbbell', 'barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the forearms on the thighs, wrists just past the knees, palms up.\n' +
      'Let the weight roll down to the fingers, then curl it up with the wrists.\n' +
      'Keep the forearms flat on the legs; only the wrists move.',
  },
  {
    slug: 'triceps-pushdown',
    name: 'Triceps pushdown',
    aliases: ['Cable pushdown', 'Rope pushdown', 'Tricep pushdown'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: [],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand at a high pulley with a rope or bar, elbows at the sides.\n' +
      'Push down until the arms are straight, spreading the rope at the bottom.\n' +
      'Return to about 90 degrees without letting the elbows drift forward.',
  },
  {
    slug: 'overhead-cable-triceps-extension',
    name: 'Overhead cable triceps extension',
    aliases: ['Cable overhead extension', 'Rope overhead extension'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: [],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Face away from the pulley holding the rope behind the head, staggered stance.\n' +
      'Extend the arms forward and up until the elbows are straight.\n' +
      'Return to a deep stretch; keep the elbows pointing ahead, not flaring wide.',
  },
  {
    slug: 'dumbbell-overhead-triceps-extension',
    name: 'Dumbbell overhead triceps extension',
    aliases: ['Seated dumbbell triceps extension', 'French press'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: [],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold one dumbbell overhead with both hands under the top plate.\n' +
      'Lower it behind the head by bending only at the elbows.\n' +
      'Press back up; keep the ribs down so the back does not arch.',
  },
  {
    slug: 'skull-crusher',
    name: 'Skull crusher',
    aliases: ['Lying triceps extension', 'Skullcrusher', 'EZ bar skull crusher'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: [],
    equipment: ['ez bar', 'bench'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie on a bench with the EZ bar over the shoulders, arms straight.\n' +
      'Bend the elbows to lower the bar toward the forehead or just behind the head.\n' +
      'Extend back up; keep the upper arms still and the elbows in.',
  },
  {
    slug: 'band-triceps-pushdown',
    name: 'Band triceps pushdown',
    aliases: ['Banded pushdown'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: [],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Anchor a band high and hold the ends with the elbows at the sides.\n' +
      'Push the hands down until the arms are straight.\n' +
      'Let them rise slowly to 90 degrees; the elbows stay pinned.',
  },
  {
    slug: 'bench-dip',
    name: 'Bench dip',
    aliases: ['Chair dip'],
    pattern: 'other',
    primaryMuscles: ['triceps'],
    secondaryMuscles: ['chest', 'front delts'],
    equipment: ['bench', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hands on the bench edge behind you, legs out in front.\n' +
      'Bend the elbows to lower the hips, keeping the back close to the bench.\n' +
      'Press back up; stop before the shoulders roll forward.',
  },
  {
    slug: 'lateral-raise',
    name: 'Lateral raise',
    aliases: ['Dumbbell lateral raise', 'Side raise', 'Lat raise'],
    pattern: 'other',
    primaryMuscles: ['side delts'],
    secondaryMuscles: ['traps'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand with the dumbbells at your sides and a slight forward lean.\n' +
      'Raise the arms out to the sides to shoulder height, elbows soft.\n' +
      'Lower slowly; lead with the elbows and do not shrug.',
  },
  {
    slug: 'cable-lateral-raise',
    name: 'Cable lateral raise',
    aliases: ['Single-arm cable lateral raise'],
    pattern: 'other',
    primaryMuscles: ['side delts'],
    secondaryMuscles: ['traps'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Stand side-on to a low pulley with the handle in the far hand.\n' +
      'Raise the arm out to the side to shoulder height.\n' +
      'Lower under tension; keep the torso still.',
  },
  {
    slug: 'front-raise',
    name: 'Front raise',
    aliases: ['Dumbbell front raise'],
    pattern: 'other',
    primaryMuscles: ['front delts'],
    secondaryMuscles: ['side delts'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand tall with the dumbbells in front of the thighs.\n' +
      'Raise them forward to eye level with straight arms.\n' +
      'Lower slowly; do not rock the body to lift them.',
  },
  {
    slug: 'reverse-dumbbell-fly',
    name: 'Reverse dumbbell fly',
    aliases: ['Rear delt fly', 'Bent-over reverse fly', 'Rear delt raise'],
    pattern: 'other',
    primaryMuscles: ['rear delts'],
    secondaryMuscles: ['upper back'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hinge forward with a flat back, dumbbells hanging under the chest.\n' +
      'Open the arms out to the sides with soft elbows, squeezing the rear shoulders.\n' +
      'Lower slowly; keep the neck relaxed and avoid swinging.',
  },
  {
    slug: 'reverse-pec-deck',
    name: 'Reverse pec deck',
    aliases: ['Rear delt machine', 'Reverse machine fly'],
    pattern: 'other',
    primaryMuscles: ['rear delts'],
    secondaryMuscles: ['upper back'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Face the pad with the handles at shoulder height.\n' +
      'Sweep the arms back in a wide arc until they line up with the body.\n' +
      'Return slowly; keep the chest on the pad.',
  },
  {
    slug: 'upright-row',
    name: 'Upright row',
    aliases: ['Barbell upright row'],
    pattern: 'other',
    primaryMuscles: ['side delts', 'traps'],
    secondaryMuscles: ['biceps'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the bar with a grip a little wider than the shoulders.\n' +
      'Pull it up the body, leading with the elbows, to about chest height.\n' +
      'Stop where the shoulders feel comfortable; a wider grip is kinder to them.',
  },
  {
    slug: 'barbell-shrug',
    name: 'Barbell shrug',
    aliases: ['Shrug', 'Barbell shoulder shrug'],
    pattern: 'other',
    primaryMuscles: ['traps'],
    secondaryMuscles: ['forearms'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand tall with the bar at arm length in front of the thighs.\n' +
      'Lift the shoulders straight up toward the ears.\n' +
      'Pause, then lower fully; do not roll the shoulders.',
  },
  {
    slug: 'dumbbell-shrug',
    name: 'Dumbbell shrug',
    aliases: ['DB shrug'],
    pattern: 'other',
    primaryMuscles: ['traps'],
    secondaryMuscles: ['forearms'],
    equipment: ['dumbbell'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Hold the dumbbells at your sides with straight arms.\n' +
      'Shrug straight up and hold the top for a moment.\n' +
      'Lower to a full stretch; let the arms hang like hooks.',
  },
  {
    slug: 'trap-bar-shrug',
    name: 'Trap bar shrug',
    aliases: ['Hex bar shrug'],
    pattern: 'other',
    primaryMuscles: ['traps'],
    secondaryMuscles: ['forearms'],
    equipment: ['trap bar'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Stand in the trap bar holding the handles at arm length.\n' +
      'Shrug the shoulders straight up and pause.\n' +
      'Lower under control; keep the elbows straight throughout.',
  },
  {
    slug: 'standing-calf-raise',
    name: 'Standing calf raise',
    aliases: ['Calf raise', 'Machine calf raise'],
    pattern: 'other',
    primaryMuscles: ['calves'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Shoulders under the pads, balls of the feet on the edge of the step.\n' +
      'Lower the heels to a deep stretch and pause.\n' +
      'Rise as high as you can onto the toes; avoid bouncing.',
  },
  {
    slug: 'seated-calf-raise',
    name: 'Seated calf raise',
    aliases: [],
    pattern: 'other',
    primaryMuscles: ['calves'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the pad on the lower thighs and the balls of the feet on the platform.\n' +
      'Lower the heels to a full stretch.\n' +
      'Press up to the top and squeeze; keep the reps slow.',
  },
  {
    slug: 'single-leg-calf-raise',
    name: 'Single-leg calf raise',
    aliases: ['One-leg calf raise'],
    pattern: 'other',
    primaryMuscles: ['calves'],
    secondaryMuscles: [],
    equipment: ['bodyweight', 'box'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Stand on one foot on the edge of a step, holding a support.\n' +
      'Lower the heel below the step, pause, then rise fully onto the toes.\n' +
      'Keep the knee straight; hold a dumbbell once bodyweight gets easy.',
  },
  {
    slug: 'lying-leg-curl',
    name: 'Lying leg curl',
    aliases: ['Leg curl', 'Prone leg curl', 'Hamstring curl'],
    pattern: 'other',
    primaryMuscles: ['hamstrings'],
    secondaryMuscles: ['calves'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Lie face down with the pad just above the heels and the knees off the bench.\n' +
      'Curl the heels toward the glutes, keeping the hips on the pad.\n' +
      'Lower slowly to straight legs; do not lift the hips to finish.',
  },
  {
    slug: 'seated-leg-curl',
    name: 'Seated leg curl',
    aliases: ['Seated hamstring curl'],
    pattern: 'other',
    primaryMuscles: ['hamstrings'],
    secondaryMuscles: ['calves'],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the thigh pad locked down and the leg pad above the heels.\n' +
      'Curl the pad down and back as far as you can.\n' +
      'Return under control to almost straight; keep the back against the pad.',
  },
  {
    slug: 'leg-extension',
    name: 'Leg extension',
    aliases: ['Quad extension', 'Knee extension'],
    pattern: 'other',
    primaryMuscles: ['quads'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the knees lined up with the machine pivot and the pad on the shins.\n' +
      'Extend the legs until straight and squeeze the quads.\n' +
      'Lower slowly; do not kick the weight up.',
  },
  {
    slug: 'nordic-curl',
    name: 'Nordic curl',
    aliases: ['Nordic hamstring curl', 'Nordics', 'Nordic ham curl'],
    pattern: 'other',
    primaryMuscles: ['hamstrings'],
    secondaryMuscles: ['glutes', 'calves'],
    equipment: ['bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Kneel with the ankles anchored and the body straight from knees to head.\n' +
      'Lower forward as slowly as you can, fighting with the hamstrings.\n' +
      'Catch yourself with the hands and push back up; keep the hips extended.',
  },
  {
    slug: 'glute-ham-raise',
    name: 'Glute-ham raise',
    aliases: ['GHR', 'Glute ham raise'],
    pattern: 'other',
    primaryMuscles: ['hamstrings', 'glutes'],
    secondaryMuscles: ['calves', 'lower back'],
    equipment: ['machine', 'bodyweight'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Knees just behind the pad, feet locked in, torso upright.\n' +
      'Lower forward until the body is horizontal, hips straight.\n' +
      'Curl back up with the hamstrings; avoid bending at the hips.',
  },
  {
    slug: 'suspension-trainer-hamstring-curl',
    name: 'Suspension trainer hamstring curl',
    aliases: ['TRX hamstring curl', 'TRX leg curl'],
    pattern: 'other',
    primaryMuscles: ['hamstrings'],
    secondaryMuscles: ['glutes'],
    equipment: ['suspension trainer'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Lie on your back with the heels in the foot cradles and the hips lifted.\n' +
      'Curl the heels toward the glutes while keeping the hips high.\n' +
      'Extend slowly; do not let the hips drop between reps.',
  },
  {
    slug: 'suspension-trainer-y-raise',
    name: 'Suspension trainer Y raise',
    aliases: ['TRX Y raise', 'TRX Y fly'],
    pattern: 'other',
    primaryMuscles: ['rear delts', 'upper back'],
    secondaryMuscles: ['traps'],
    equipment: ['suspension trainer'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Hold the handles with straight arms and lean back.\n' +
      'Raise the arms up and out into a Y, lifting the body with them.\n' +
      'Lower under control; keep the body straight and the shoulders down.',
  },
  {
    slug: 'hip-adduction-machine',
    name: 'Hip adduction machine',
    aliases: ['Adductor machine', 'Seated hip adduction'],
    pattern: 'other',
    primaryMuscles: ['adductors'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the pads on the inside of the knees.\n' +
      'Squeeze the legs together and pause.\n' +
      'Open back slowly to a stretch; do not let the stack slam.',
  },
  {
    slug: 'hip-abduction-machine',
    name: 'Hip abduction machine',
    aliases: ['Abductor machine', 'Seated hip abduction'],
    pattern: 'other',
    primaryMuscles: ['abductors', 'glutes'],
    secondaryMuscles: [],
    equipment: ['machine'],
    tracking: 'weight_reps',
    unilateral: false,
    instructions:
      'Sit with the pads on the outside of the knees.\n' +
      'Push the knees apart as far as you can and pause.\n' +
      'Return slowly; lean slightly forward to bias the glutes.',
  },
  {
    slug: 'cable-glute-kickback',
    name: 'Cable glute kickback',
    aliases: ['Glute kickback', 'Cable kickback'],
    pattern: 'other',
    primaryMuscles: ['glutes'],
    secondaryMuscles: ['hamstrings'],
    equipment: ['cable'],
    tracking: 'weight_reps',
    unilateral: true,
    instructions:
      'Attach an ankle strap to a low pulley and face the machine.\n' +
      'Hinge slightly and kick the leg straight back by squeezing the glute.\n' +
      'Stop where the hip is fully open; do not arch the lower back for more height.',
  },
  {
    slug: 'lateral-band-walk',
    name: 'Lateral band walk',
    aliases: ['Band walk', 'Banded side step'],
    pattern: 'other',
    primaryMuscles: ['abductors', 'glutes'],
    secondaryMuscles: [],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Band around the knees or ankles, half squat, feet hip width.\n' +
      'Step sideways, keeping tension on the band.\n' +
      'Stay low with the toes forward; do not let the feet come together.',
  },
  {
    slug: 'monster-walk',
    name: 'Monster walk',
    aliases: ['Banded monster walk'],
    pattern: 'other',
    primaryMuscles: ['glutes', 'abductors'],
    secondaryMuscles: ['quads'],
    equipment: ['band'],
    tracking: 'reps',
    unilateral: false,
    instructions:
      'Band around the ankles or knees, half squat, feet wider than the hips.\n' +
      'Walk forward on a diagonal, keeping tension on the band.\n' +
      'Keep the knees pushed out and the torso still.',
  },
  {
    slug: 'clamshell',
    name: 'Clamshell',
    aliases: ['Banded clamshell', 'Clam'],
    pattern: 'other',
    primaryMuscles: ['abductors', 'glutes'],
    secondaryMuscles: [],
    equipment: ['band', 'bodyweight'],
    tracking: 'reps',
    unilateral: true,
    instructions:
      'Lie on your side with the knees bent and a band just above the knees.\n' +
      'Keep the feet together and open the top knee like a clam.\n' +
      'Lower slowly; keep the pelvis from rolling back.',
  },
]
