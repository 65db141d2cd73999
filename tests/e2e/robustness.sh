#!/bin/sh
echo "1..0 # placeholder"
