# Слова узла и клиентов о комнатах: название комнаты из игры и её параметров, название каждого параметра.

# название комнаты: название игры и параметры, отличные от обычных
server-room-title = { $game } ({ $params })
server-room-param = { $name }: { $value }
server-param-yes = да
server-param-no = нет

param-nim-heaps = кучки
param-nim-misere = мизер

param-subtraction-n = кучка
param-subtraction-take = брать
param-subtraction-goal = цель
param-subtraction-rule = правило

param-stones-heaps = кучки
param-stones-ops = ходы
param-stones-goal = цель
param-stones-rule = правило

param-kayles-pins = кегли
param-kayles-start = стоят
param-kayles-misere = мизер

param-corner-piece = фигура
param-corner-width = ширина
param-corner-height = высота
param-corner-start = старт
param-corner-players = игроки
param-corner-blocked = закрытые
param-corner-obstacles = препятствия
param-corner-seed = зерно

param-pawn-size = размер
param-pawn-payoffs = выигрыши

param-coins-width = ширина
param-coins-height = высота
param-coins-radius = радиус

param-mnk-m = столбцы
param-mnk-n = строки
param-mnk-k = в ряд
param-mnk-players = игроки

param-gomoku-size = размер
param-gomoku-rule = правило
param-gomoku-opening = дебют

param-pursuit-width = ширина
param-pursuit-height = высота
param-pursuit-pursuers = преследователи
param-pursuit-coalition = коалиция
param-pursuit-blocked = закрытые
param-pursuit-obstacles = препятствия
param-pursuit-seed = зерно
param-pursuit-starts = старты
param-pursuit-limit = раунды
param-pursuit-evader_sees = беглец видит

param-minesweeper-width = ширина
param-minesweeper-height = высота
param-minesweeper-mines = мины
param-minesweeper-players = игроки
param-minesweeper-seed = зерно

# Отказы в параметрах игры: $param — ключ, как его пишут в --set ('heaps').
# Что принимает параметр
server-allowed-int = целое число { $lo }..{ $hi }
server-allowed-ints = список через запятую, не больше { NUMBER($most) } целых чисел { $lo }..{ $hi }
server-allowed-nums = список через запятую, не больше { NUMBER($most) } чисел { $lo }..{ $hi }
server-allowed-strs = список через запятую, не больше { NUMBER($most) } элементов, каждый не длиннее { NUMBER($length) } символов
server-allowed-str = текст не длиннее { NUMBER($length) } символов
server-allowed-cell = клетка, например c5
server-allowed-cells = не больше { NUMBER($most) } клеток через ';', например c3;d4

# Что показывает карта доски в объяснении (фразы решателя map.*)
ex-map-corner = результат для ходящего игрока, когда фигура ({ $piece }) стоит на этой клетке (W3: выигрывает не позже своего 3-го хода; L2: проигрывает не позже 2-го хода противника; L0: там игра окончена); проигрышные клетки — те, у которых значение Шпрага — Гранди 0
ex-map-corner_near = результат для ходящего игрока, когда фигура ({ $piece }) стоит на этой клетке (W3: выигрывает не позже своего 3-го хода; L2: проигрывает не позже 2-го хода противника; L0: там игра окончена); проигрышные клетки — те, у которых значение Шпрага — Гранди 0; { NUMBER($n) } клеток, ближайших к фигуре, проигрышные сначала
ex-map-pawn = цена каждой клетки: сколько получит оттуда Max при наилучшей игре
ex-map-pawn_near = цена каждой клетки: сколько получит оттуда Max при наилучшей игре ({ NUMBER($n) } клеток, ближайших к пешке, сначала те, до которых она ещё может дойти)
ex-map-pursuit = сколько раундов нужно преследователю с { $at }, когда он ходит, чтобы поймать беглеца на каждой клетке ('-': никогда); результат — преследователя
ex-map-cells = результат для ходящего игрока, если он сыграет на эту пустую клетку (W3: выигрывает не позже своего 3-го хода, считая этот; L2: проигрывает не позже 2-го хода противника; D: ничья)
ex-map-mines = вероятность мины под каждой закрытой клеткой по тому, что видит ходящий игрок

# Вызов, пришедший во время игры: клавиша, чтобы ответить
server-challenge-f7 = F7 (лобби), чтобы ответить
