"""Golden playthroughs: the text dumps and the script that regenerates them."""
