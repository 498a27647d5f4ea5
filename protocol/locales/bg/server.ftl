# Думите на възела и клиентите за стаите: заглавие на стая от играта и параметрите ѝ, името на всеки параметър.

# заглавие на стая: името на играта и параметрите, различни от обичайните
server-room-title = { $game } ({ $params })
server-room-param = { $name }: { $value }
server-param-yes = да
server-param-no = не

param-nim-heaps = купчини
param-nim-misere = мизер

param-subtraction-n = купчина
param-subtraction-take = вземане
param-subtraction-goal = цел
param-subtraction-rule = правило

param-stones-heaps = купчини
param-stones-ops = ходове
param-stones-goal = цел
param-stones-rule = правило

param-kayles-pins = кегли
param-kayles-start = прави
param-kayles-misere = мизер

param-corner-piece = фигура
param-corner-width = ширина
param-corner-height = височина
param-corner-start = начало
param-corner-players = играчи
param-corner-blocked = затворени
param-corner-obstacles = препятствия
param-corner-seed = зърно

param-pawn-size = размер
param-pawn-payoffs = печалби

param-coins-width = ширина
param-coins-height = височина
param-coins-radius = радиус

param-mnk-m = колони
param-mnk-n = редове
param-mnk-k = в редица
param-mnk-players = играчи

param-gomoku-size = размер
param-gomoku-rule = правило
param-gomoku-opening = откриване

param-pursuit-width = ширина
param-pursuit-height = височина
param-pursuit-pursuers = преследвачи
param-pursuit-coalition = коалиция
param-pursuit-blocked = затворени
param-pursuit-obstacles = препятствия
param-pursuit-seed = зърно
param-pursuit-starts = начала
param-pursuit-limit = рундове
param-pursuit-evader_sees = беглецът вижда

param-minesweeper-width = ширина
param-minesweeper-height = височина
param-minesweeper-mines = мини
param-minesweeper-players = играчи
param-minesweeper-seed = зърно

# Откази за параметри на играта: $param е ключът, както се пише в --set ('heaps').
# Какво приема параметърът
server-allowed-int = цяло число { $lo }..{ $hi }
server-allowed-ints = списък, разделен със запетаи, от най-много { NUMBER($most) } цели числа { $lo }..{ $hi }
server-allowed-nums = списък, разделен със запетаи, от най-много { NUMBER($most) } числа { $lo }..{ $hi }
server-allowed-strs = списък, разделен със запетаи, от най-много { NUMBER($most) } елемента с най-много { NUMBER($length) } знака всеки
server-allowed-str = текст с най-много { NUMBER($length) } знака
server-allowed-cell = поле, например c5
server-allowed-cells = най-много { NUMBER($most) } полета, разделени с ';', например c3;d4

# Какво показва картата на дъската в обяснението (фразите на решавача map.*)
ex-map-corner = резултатът за играча на ход, когато фигурата ({ $piece }) е на това поле (W3: печели най-късно със своя 3-ти ход; L2: губи най-късно с 2-рия ход на противника; L0: там играта е свършила); губещите полета са тези със стойност на Гранди 0
ex-map-corner_near = резултатът за играча на ход, когато фигурата ({ $piece }) е на това поле (W3: печели най-късно със своя 3-ти ход; L2: губи най-късно с 2-рия ход на противника; L0: там играта е свършила); губещите полета са тези със стойност на Гранди 0; { NUMBER($n) } полета, най-близо до фигурата, губещите първо
ex-map-pawn = цената на всяко поле: колко получава оттам Max при най-добра игра
ex-map-pawn_near = цената на всяко поле: колко получава оттам Max при най-добра игра ({ NUMBER($n) } полета, най-близо до пешката, първо тези, до които тя още може да стигне)
ex-map-pursuit = колко рунда са нужни на преследвача от { $at }, когато е на ход, за да хване беглеца на всяко поле ('-': никога); резултатът е на преследвача
ex-map-cells = резултатът за играча на ход, ако играе на това празно поле (W3: печели най-късно със своя 3-ти ход, като се брои и този; L2: губи най-късно с 2-рия ход на противника; D: реми)
ex-map-mines = вероятността за мина под всяко затворено поле според това, което вижда играчът на ход

# Покана, дошла по време на игра: клавишът за отговор
server-challenge-f7 = F7 (фоайе), за да отговорите
