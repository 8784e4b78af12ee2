"""Space Fleet Command (seed 002_59fc05fd050d7b9a.txt): tiles on a table, manoeuvres, arcs, cubes and cards."""
